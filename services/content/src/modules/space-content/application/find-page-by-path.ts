import { badRequest } from '@quire/errors';
import { currentRevisionOf, type PageReadDeps } from './current-revision-of';
import { normalizePagePath } from './read-page-by-path';

/** As getPageByPath's `{pagePath}`. */
export const MAX_PAGE_PATH = 1024;

export type PageAtPath = { spaceExists: false } | { spaceExists: true; revisionId: string; page: { id: string; path: string } | null };

/**
 * The page at a slug path of a space's current revision (gRPC FindPageByPath: a site redirect's
 * `{kind: "path"}` destination). Like getPageByPath, a link page has no address of its own.
 */
export async function findPageByPath(deps: PageReadDeps, input: { spaceId: string; path: string }): Promise<PageAtPath> {
  if ([...input.path].length > MAX_PAGE_PATH) throw badRequest(`Invalid field "path": at most ${MAX_PAGE_PATH} characters`);
  const loaded = await currentRevisionOf(deps, input.spaceId);
  if (!loaded) return { spaceExists: false };
  const path = normalizePagePath(input.path);
  const page = path ? loaded.index.pageAt(path) : undefined;
  return { spaceExists: true, revisionId: loaded.revision.id, page: page && page.kind !== 'link' ? { id: page.id, path } : null };
}
