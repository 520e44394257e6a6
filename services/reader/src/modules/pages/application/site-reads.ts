import type { content as contentProto, sites } from '@quire/proto';
import { siteProfileKey, spacePagesKey } from '../../kept-reads';
import type { ReaderDeps } from './deps';

// The two reads every page, sitemap and llms.txt of a site makes, through the kept reads when the
// reader keeps them (their keys carry the site version the visitor's address resolved to).

/** The site's profile (sites' GetPublishedSite): sections, variants, customization. */
export async function readSiteProfileJson(deps: ReaderDeps, content: sites.PublishedSiteContent): Promise<string> {
  const load = () => deps.sites().getPublishedSite({ organizationId: content.organization, siteId: content.site, shareKey: '' });
  const answer = deps.reads ? await deps.reads.read('site_profile', siteProfileKey(content), load, (a) => a.found) : await load();
  return answer.profileJson;
}

/** A space's pages and files at `revisionId` ('' for its published revision), read with the site's apiToken. */
export function readSpacePages(
  deps: ReaderDeps,
  content: sites.PublishedSiteContent,
  spaceId: string,
  revisionId: string,
): Promise<contentProto.GetPublishedPagesResponse> {
  const load = () => deps.contentPublished().getPublishedPages({ apiToken: content.apiToken, spaceId, revisionId });
  return deps.reads ? deps.reads.read('space_pages', spacePagesKey(content, spaceId, revisionId), load) : load();
}
