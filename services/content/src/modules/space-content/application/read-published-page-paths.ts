import { ApiError } from '@quire/errors';
import type { content as contentProto } from '@quire/proto';
import type { Caller, ContentDeps } from '../../revisions';
import { readContentRevision } from './read-content-revision';

/** Spaces and pages one GetPublishedPagePaths call reads at most (one rendered page's links): the rest are left out. */
export const MAX_PATH_SPACES = 20;
export const MAX_PATH_PAGES = 200;

/**
 * Where pages of several spaces are in their current (published) revisions, read as the caller (a
 * site reader: only the spaces its token lists). A space the caller may not read, or that does not
 * exist, and an unknown page are left out: the reader then shows the link as text.
 */
export async function readPublishedPagePaths(
  deps: ContentDeps,
  caller: Caller,
  refs: ReadonlyArray<{ spaceId: string; pageId: string }>,
): Promise<contentProto.PublishedPagePath[]> {
  const bySpace = new Map<string, Set<string>>();
  for (const { spaceId, pageId } of refs.slice(0, MAX_PATH_PAGES)) {
    if (!spaceId || !pageId) continue;
    const pages = bySpace.get(spaceId) ?? (bySpace.size < MAX_PATH_SPACES ? new Set<string>() : undefined);
    if (!pages) continue;
    pages.add(pageId);
    bySpace.set(spaceId, pages);
  }
  const found = await Promise.all(
    [...bySpace].map(async ([spaceId, pageIds]) => {
      let loaded;
      try {
        ({ loaded } = await readContentRevision(deps, caller, { spaceId }));
      } catch (err) {
        if (err instanceof ApiError && (err.code === 403 || err.code === 404)) return [];
        throw err;
      }
      return [...pageIds].flatMap((pageId) => {
        const page = loaded.index.page(pageId);
        const path = loaded.index.paths.get(pageId);
        return page && path !== undefined ? [{ spaceId, pageId, path, kind: page.kind as string, title: page.title }] : [];
      });
    }),
  );
  return found.flat();
}
