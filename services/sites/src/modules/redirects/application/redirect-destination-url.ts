import type { ContentPagesClient } from '@quire/platform/grpc';
import type { SqlExecutor } from '@quire/platform/sql';
import type { UrlBuilder } from '@quire/urls';
import { locateSection, locateSiteSpace, placeSiteSpace, siteAddress, type Site } from '../../sites';
import type { RedirectDestination } from '../model/site-redirect';

type SiteOfAddress = Parameters<typeof siteAddress>[0];

/** What targets are built from: the database, PUBLIC_URL and content's page reads (a page's path). */
export interface DestinationUrlDeps {
  db: SqlExecutor;
  urls: UrlBuilder;
  clients: { contentPages(): Pick<ContentPagesClient, 'getPagePaths'> };
}

/**
 * The URL a destination names: an external URL as given; a section or site space at its address
 * in the site (published or not: redirects are set up before publishing); a page at its site
 * space's address followed by its path in the space's current revision (content's GetPagePaths).
 * A page gone since falls back to its site space's address, a section or site space gone since to
 * the site's address.
 */
export async function redirectDestinationUrl(
  deps: DestinationUrlDeps,
  site: SiteOfAddress & Pick<Site, 'id'>,
  destination: RedirectDestination,
): Promise<string> {
  if (destination.kind === 'external') return destination.url;
  const address = (segments: readonly string[]) =>
    `${siteAddress(site, deps.urls)}/${segments
      .filter((s) => s.length > 0)
      .map(encodeURIComponent)
      .join('/')}`;
  if (destination.kind === 'site-section') return address((await locateSection(deps, site.id, destination.siteSectionId)) ?? []);
  if (destination.kind === 'site-space') return address((await locateSiteSpace(deps, site.id, destination.siteSpaceId)) ?? []);
  const placed = await placeSiteSpace(deps, site.id, destination.siteSpaceId);
  if (!placed) return address([]);
  const { pages } = await deps.clients.contentPages().getPagePaths({ spaceId: placed.spaceId, pageIds: [destination.pageId] });
  const path = pages.find((p) => p.pageId === destination.pageId)?.path;
  return address(path === undefined ? placed.segments : [...placed.segments, ...path.split('/')]);
}
