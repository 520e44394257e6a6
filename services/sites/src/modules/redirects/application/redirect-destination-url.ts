import type { SqlExecutor } from '@quire/platform/sql';
import type { UrlBuilder } from '@quire/urls';
import { locateSection, locateSiteSpace, siteAddress, type Site } from '../../sites';
import type { RedirectDestination } from '../model/site-redirect';

type SiteOfAddress = Parameters<typeof siteAddress>[0];

/**
 * The URL a destination names: an external URL as given; a section or site space at its address
 * in the site (published or not: redirects are set up before publishing). A page is served at its
 * site space's address until page paths are resolved here (the reader resolves them; see
 * docs/sites.md). A section or site space deleted since falls back to the site's address.
 */
export async function redirectDestinationUrl(
  db: SqlExecutor,
  urls: UrlBuilder,
  site: SiteOfAddress & Pick<Site, 'id'>,
  destination: RedirectDestination,
): Promise<string> {
  if (destination.kind === 'external') return destination.url;
  const segments =
    destination.kind === 'site-section'
      ? await locateSection({ db }, site.id, destination.siteSectionId)
      : await locateSiteSpace({ db }, site.id, destination.siteSpaceId);
  const path = (segments ?? []).filter((s) => s.length > 0).map(encodeURIComponent);
  return `${siteAddress(site, urls)}/${path.join('/')}`;
}
