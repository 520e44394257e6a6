import { badRequest } from '@quire/errors';
import type { ContentPagesClient } from '@quire/platform/grpc';
import type { SqlExecutor } from '@quire/platform/sql';
import { locateSpaceInSite } from '../../sites';
import type { InputDestination, RedirectDestination } from '../model/site-redirect';

/** What resolving a `{kind: "path"}` destination uses: the site's structure and content's page lookup. */
export interface ResolveDeps {
  db: SqlExecutor;
  clients: { contentPages(): Pick<ContentPagesClient, 'findPageByPath'> };
}

/**
 * A destination as stored: `{kind: "path", spaceId, path}` becomes the `site-page` destination of
 * the page at that path in the space's current revision, in the site space that shows the space on
 * this site (a space is on a site at most once, so there is no choice to make). A space the site
 * does not show is a 400 naming `field.spaceId`, a path with no page one naming `field.path`.
 * Called before a write's transaction opens: it asks content over gRPC.
 */
export async function resolveDestination(
  deps: ResolveDeps,
  siteId: string,
  destination: InputDestination,
  field = 'destination',
): Promise<RedirectDestination> {
  if (destination.kind !== 'path') return destination;
  const placed = await locateSpaceInSite(deps, siteId, destination.spaceId);
  if (!placed) throw badRequest(`Invalid body field "${field}.spaceId": the site shows no space ${destination.spaceId}`);
  const found = await deps.clients.contentPages().findPageByPath({ spaceId: destination.spaceId, path: destination.path });
  if (!found.spaceExists || !found.pageId)
    throw badRequest(`Invalid body field "${field}.path": space ${destination.spaceId} has no page at path "${destination.path}"`);
  return { kind: 'site-page', siteSpaceId: placed.siteSpaceId, pageId: found.pageId };
}
