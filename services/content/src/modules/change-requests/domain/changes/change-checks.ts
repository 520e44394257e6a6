import { badRequest } from '@quire/errors';
import { slugify } from '@quire/formats';
import { pagePaths, type StoredPage } from '../../../revisions';
import type { ContentBatch } from './content-batch';

/**
 * The checks of the change at `index` of a batch, each failing with a 400 in the input layer's way of
 * naming a field: `Invalid body field "changes.3.page": …` (the caller's transaction writes nothing).
 */
export class ChangeChecks {
  constructor(
    private readonly batch: ContentBatch,
    readonly index: number,
  ) {}

  /** `Invalid body field "changes.<index>.<field>"`, to start an error message with. */
  at(field: string): string {
    return `Invalid body field "changes.${this.index}.${field}"`;
  }

  fail(field: string, message: string): Error {
    return badRequest(`${this.at(field)}: ${message}`);
  }

  pageOf(id: string, field: string): StoredPage {
    const page = this.batch.findPage(id);
    if (!page) throw this.fail(field, `page ${id} is not in this change request`);
    return page;
  }

  /** That `parentId` may hold the pages `moving` (a page and its subpages, or none for a new page). */
  parent(parentId: string | null, moving: Set<string>, field: string): void {
    if (parentId === null) return;
    const parentPage = this.pageOf(parentId, field);
    if (moving.has(parentId)) throw this.fail(field, 'a page cannot move under itself or one of its descendants');
    if (parentPage.kind === 'link') throw this.fail(field, 'a link page has no subpages');
  }

  /** That a group page stays at the top level. */
  groupAtTop(kind: StoredPage['kind'], parentId: string | null, field: string): void {
    if (kind === 'group' && parentId !== null) throw this.fail(field, 'a group stays at the top level');
  }

  slug(slug: string, parentId: string | null, exceptId: string | null, field: string): void {
    if (slugify(slug) !== slug) throw this.fail(field, `"${slug}" is not a slug (lowercase letters, digits and dashes)`);
    if (this.batch.childrenOf(parentId).some((s) => s.slug === slug && s.id !== exceptId))
      throw this.fail(field, `another page under the same parent has the slug "${slug}"`);
  }

  ref(ref: string, field: string): void {
    if (this.batch.refs.has(ref)) throw this.fail(field, `the ref "${ref}" is used twice in this batch`);
    if (new Set(pagePaths(this.batch.tree.pages).values()).has(ref.replace(/\.md$/i, '')))
      throw this.fail(field, `"${ref}" is the path of a page already in the change request`);
  }
}
