import type { content as contentProto, sites } from '@quire/proto';
import type { ContentPublishedClient, SitesClient } from '@quire/platform/grpc';
import { siteProfileKey, spacePagesKey, type KeptReads } from '../../kept-reads';

// The two reads every page, sitemap and llms.txt of a site makes, through the kept reads when the
// reader keeps them (their keys carry the site version the visitor's address resolved to).

/** What the site reads use: sites and content over gRPC, and the kept reads when the reader keeps them. */
export interface SiteReadsDeps {
  sites: () => SitesClient;
  contentPublished: () => ContentPublishedClient;
  /** Sites' and content's answers kept by site version (docs/reader.md, Fast and fresh); absent: every read asks them. */
  reads?: KeptReads;
}

/** The site's profile (sites' GetPublishedSite): sections, variants, customization. */
export async function readSiteProfileJson(deps: SiteReadsDeps, content: sites.PublishedSiteContent): Promise<string> {
  const load = () => deps.sites().getPublishedSite({ organizationId: content.organization, siteId: content.site, shareKey: '' });
  const answer = deps.reads ? await deps.reads.read('site_profile', siteProfileKey(content), load, (a) => a.found) : await load();
  return answer.profileJson;
}

/** A space's pages and files at `revisionId` ('' for its published revision), read with the site's apiToken. */
export function readSpacePages(
  deps: SiteReadsDeps,
  content: sites.PublishedSiteContent,
  spaceId: string,
  revisionId: string,
): Promise<contentProto.GetPublishedPagesResponse> {
  const load = () => deps.contentPublished().getPublishedPages({ apiToken: content.apiToken, spaceId, revisionId });
  return deps.reads ? deps.reads.read('space_pages', spacePagesKey(content, spaceId, revisionId), load) : load();
}
