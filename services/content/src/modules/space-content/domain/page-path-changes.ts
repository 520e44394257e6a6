import type { content } from '@quire/proto';
import { pagePaths, type StoredPage } from '../../revisions';

// How page paths changed between two revisions of a space: what sites need to keep a moved page's
// old address working (automatic redirects). Pure: the trees in, the changes out.

/** A page whose path changed, as ContentPages.ListPagePathChanges answers it (proto/quire/content.proto). */
export type PagePathChange = content.PagePathChange;

/** The pages whose path differs between `from` and `to` (moved, added or deleted), in `to`'s order, then the deleted ones in `from`'s. */
export function pagePathChanges(from: readonly StoredPage[], to: readonly StoredPage[]): PagePathChange[] {
  const before = pagePaths(from);
  const after = pagePaths(to);
  const changes: PagePathChange[] = [];
  for (const page of to) {
    const oldPath = before.get(page.id);
    const newPath = after.get(page.id) as string;
    if (oldPath !== newPath) changes.push({ pageId: page.id, kind: page.kind, ...(oldPath !== undefined ? { oldPath } : {}), newPath });
  }
  for (const page of from) {
    if (!after.has(page.id)) changes.push({ pageId: page.id, kind: page.kind, oldPath: before.get(page.id) as string });
  }
  return changes;
}
