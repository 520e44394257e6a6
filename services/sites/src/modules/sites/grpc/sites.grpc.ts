import { bind, type AsyncService, type ServiceBinding } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { sites } from '@quire/proto';
import { readPublishedProfile } from '../application/read-published-profile';
import { presentPublishedSite, presentPublishedStructure } from '../presenters/published-site.presenter';
import { presentSiteCustomization, presentSiteSpaceCustomizations } from '../presenters/site-customization.presenter';
import { presentSite } from '../presenters/site.presenter';
import { findSite } from '../store/sites.store';
import { siteWithLevel } from '../policies/site.policy';
import type { MembershipResolver } from '@quire/platform/membership';

const NO_SITE: sites.GetSiteResponse = {
  exists: false,
  id: '',
  organizationId: '',
  title: '',
  type: '',
  visibility: '',
  published: false,
  basename: '',
  hostname: '',
};

/** The reader's (and the gateway's site-token) calls, answered by the published-urls, site-search and publishing-auth modules; the service's wiring hands them in. */
export type ReaderGrpc = Pick<
  AsyncService<sites.SitesServer>,
  'resolvePublishedUrl' | 'verifyVisitorToken' | 'searchPublishedSite' | 'getSiteAccess' | 'getReaderSignIn' | 'issueVisitorToken'
>;

/** The sites service's gRPC API for the other services (proto/quire/sites.proto). */
export function sitesGrpc(ctx: Pick<ServiceContext, 'db' | 'clients' | 'urls'>, membership: MembershipResolver, reader: ReaderGrpc): ServiceBinding[] {
  const { db, urls } = ctx;
  return [
    bind<sites.SitesServer>(sites.SitesService, {
      ...reader,
      check: async () => ({
        service: 'sites',
        ready: await db.ping().then(
          () => true,
          () => false,
        ),
      }),

      // Scoped to the organization: a site of another one answers like an unknown site.
      getSite: async ({ organizationId, siteId }) => {
        const site = organizationId && siteId ? await findSite(db, organizationId, siteId) : null;
        if (!site) return NO_SITE;
        return {
          exists: true,
          id: site.id,
          organizationId: site.organizationId,
          title: site.title,
          type: site.type,
          visibility: site.visibility,
          published: site.published,
          basename: site.basename ?? '',
          hostname: site.hostname ?? '',
        };
      },

      // Insights asks it for each caller: a site's insights follow the rule on the site.
      getSiteLevel: async ({ organizationId, siteId, userId }) => {
        if (!organizationId || !siteId || !userId) return { level: '' };
        const { level } = await siteWithLevel({ db, membership }, organizationId, siteId, userId);
        return { level: level ?? '' };
      },

      // The reader's view of a published site: what REST getPublishedContentSite answers a reader.
      getPublishedSite: async ({ organizationId, siteId, shareKey }) => {
        const found = await readPublishedProfile(ctx, { organizationId, siteId, shareKey: shareKey || undefined });
        if (!found) return { found: false, profileJson: '' };
        const { site, structure, spaces, customization } = found;
        const profile = presentPublishedSite(
          presentSite(site, 'read', urls, found.shareKey),
          presentPublishedStructure(structure, spaces, { site, urls, shareKey: found.shareKey }),
          presentSiteCustomization(customization, site.title),
          presentSiteSpaceCustomizations(customization, found.siteSpaceCustomizations, site.title),
        );
        return { found: true, profileJson: JSON.stringify(profile) };
      },
    }),
  ];
}
