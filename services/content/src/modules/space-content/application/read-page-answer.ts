import { type BodyFormat, cachedText, type Caller, type ContentDeps, loadRevision, type MarkdownRefs, pageIn, readPageBody } from '../../revisions';
import type { Space } from '../../spaces';
import { readableRevisionId, type ContentPath } from './read-content-revision';

import type { PagePresenter } from '../model/page-presenter';

export type { PagePresenter };

/**
 * A page of the revision a path names, presented. A page of a revision never changes: its answer is
 * cached whole, keyed by revision, page, format and refs (and the organization, which its `urls` name:
 * a transfer changes them). The `v2` is the answer's shape (0.202.0's page tags and layout fields):
 * answers cached before an upgrade are not served.
 */
export async function readPageAnswer(
  deps: ContentDeps,
  caller: Caller,
  path: ContentPath & { pageId: string },
  read: { format: BodyFormat; refs: MarkdownRefs },
  present: PagePresenter,
): Promise<string> {
  const { space, revisionId } = await readableRevisionId(deps, caller, path);
  return pageAnswerIn(deps, space, revisionId, path.pageId, read, present);
}

/** The cached answer of a page of a revision already authorized for `read`. */
export async function pageAnswerIn(
  deps: ContentDeps,
  space: Space,
  revisionId: string,
  pageId: string,
  read: { format: BodyFormat; refs: MarkdownRefs },
  present: PagePresenter,
): Promise<string> {
  const key = `content:page:v2:${space.organizationId}:${space.id}:${revisionId}:${pageId}:${read.format}:${read.refs}`;
  return cachedText(deps.cache, key, async () => {
    const loaded = await loadRevision(deps.db, deps.cache, space.id, revisionId);
    const page = pageIn(loaded, pageId);
    const body = page.kind === 'document' ? await readPageBody(deps.db, deps.conversions, loaded, page, read.format, read.refs) : undefined;
    return present(page, loaded, body, space);
  });
}
