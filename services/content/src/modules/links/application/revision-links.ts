import type { Cache } from '@quire/platform/cache';
import type { SqlExecutor } from '@quire/platform/sql';
import { headingAnchors } from '@quire/formats';
import { findBodies, findBodyLinks, cachedText, type LoadedRevision } from '../../revisions';
import { groupLinks, type LinkGroup } from '../domain/link-groups';
import { pageLinks, pagesWithAnchorTargets } from '../domain/link-targets-of-revision';

/**
 * A revision's links, grouped by target. Revisions are immutable, so the answer is cached beside
 * the revision: the first read costs one query for every body's stored targets and one for the
 * bodies of the pages that anchors point into; later reads none. `appBase` (PUBLIC_URL) is fixed
 * per deployment, so it is no part of the key. Links to other spaces are settled per request
 * (settleSpaceTargets): those spaces change.
 */
export async function revisionLinks(db: SqlExecutor, cache: Cache, loaded: LoadedRevision, appBase: string): Promise<LinkGroup[]> {
  const { revision, index } = loaded;
  const text = await cachedText(cache, `content:space:${revision.spaceId}:revision:${revision.id}:links`, async () => {
    const hashes = index.tree.pages.flatMap((p) => (p.kind === 'document' && p.body ? [p.body] : []));
    const stored = await findBodyLinks(db, hashes);
    const links = pageLinks(index, (hash) => stored.get(hash), appBase);
    const anchored = [...pagesWithAnchorTargets(links)].map((id) => index.page(id)).filter((p) => p?.kind === 'document');
    const bodies = await findBodies(
      db,
      anchored.flatMap((p) => (p?.body ? [p.body] : [])),
    );
    const anchors = new Map(anchored.map((p) => [p?.id, headingAnchors((p?.body && bodies.get(p.body)) ?? '')]));
    return JSON.stringify(groupLinks(links, (pageId) => anchors.get(pageId)));
  });
  return JSON.parse(text) as LinkGroup[];
}
