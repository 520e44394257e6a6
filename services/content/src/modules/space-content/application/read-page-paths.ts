import { badRequest } from '@quire/errors';
import type { PageKind } from '../../revisions';
import { currentRevisionOf, type PageReadDeps } from './current-revision-of';

/** Ids per GetPagePaths call, as GetSpaces. */
export const MAX_PAGE_IDS = 1000;

export type PagePaths = { spaceExists: false } | { spaceExists: true; revisionId: string; pages: { pageId: string; path: string; kind: PageKind }[] };

/** The paths of pages of a space's current revision (gRPC GetPagePaths: a site-page redirect's address); unknown ids left out. */
export async function readPagePaths(deps: PageReadDeps, input: { spaceId: string; pageIds: readonly string[] }): Promise<PagePaths> {
  if (input.pageIds.length > MAX_PAGE_IDS) throw badRequest(`Invalid field "page_ids": at most ${MAX_PAGE_IDS} ids`);
  const loaded = await currentRevisionOf(deps, input.spaceId);
  if (!loaded) return { spaceExists: false };
  const pages = [...new Set(input.pageIds)].flatMap((pageId) => {
    const page = loaded.index.page(pageId);
    const path = loaded.index.paths.get(pageId);
    return page && path !== undefined ? [{ pageId, path, kind: page.kind }] : [];
  });
  return { spaceExists: true, revisionId: loaded.revision.id, pages };
}
