import { callService } from './dead-letters';

// `search rebuild [--space <id>]`: talks to content's /internal/search routes
// (services/content/src/modules/search/http/search-admin.routes.ts), one space per call, so progress is
// shown as it goes and a long rebuild holds no single request.

const SEARCH_ADMIN_PATH = '/internal/search';
const SEARCH_SPACES = 'search.spaces';
const SEARCH_REBUILD = 'search.rebuild';
const SEARCH_VACUUM = 'search.vacuum';

interface Rebuilt {
  spaceId: string;
  pages: number;
  written: number;
  removed: number;
}

/** Rebuilds every space's index (or one): a progress line per space on stderr, the totals on stdout. */
export async function rebuildSearchIndex(flags: Record<string, string>, progress: (line: string) => void): Promise<string> {
  const spaceIds = flags.space
    ? [flags.space]
    : (await callService<{ items: string[] }>('content', SEARCH_SPACES, `${SEARCH_ADMIN_PATH}/spaces`, undefined)).items;
  let pages = 0;
  for (const [i, spaceId] of spaceIds.entries()) {
    const started = Date.now();
    const done = await callService<Rebuilt>('content', SEARCH_REBUILD, `${SEARCH_ADMIN_PATH}/rebuild`, { spaceId });
    pages += done.pages;
    const what = done.pages || !done.removed ? `${done.pages} pages indexed` : `${done.removed} pages removed (deleted space)`;
    progress(`[${i + 1}/${spaceIds.length}] space ${spaceId}: ${what} in ${Date.now() - started} ms`);
  }
  // A full rebuild rewrote every row: reclaim the old ones (embedded PGlite never does by itself).
  if (!flags.space) {
    const started = Date.now();
    await callService('content', SEARCH_VACUUM, `${SEARCH_ADMIN_PATH}/vacuum`, {});
    progress(`vacuumed the search index in ${Date.now() - started} ms`);
  }
  return `rebuilt the search index of ${spaceIds.length} space(s), ${pages} page(s)`;
}
