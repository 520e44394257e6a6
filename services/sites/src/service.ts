import { join } from 'node:path';
import { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import {
  externalLinksRoutes,
  sectionGroupsRoutes,
  sectionsRoutes,
  shareLinksRoutes,
  siteSpacesRoutes,
  siteStructureRoutes,
  sitePermissionsRoutes,
  sitesGrpc,
  sitesRoutes,
  subscribeToContentEvents,
  subscribeToOrganizationsCreated,
  type SitesHttpDeps,
} from './modules/sites';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import { publishingAuthGrpc, publishingAuthRoutes, siteOidcRoutes, type SiteOidcDeps } from './modules/publishing-auth';
import { siteRedirectsRoutes, subscribeToPageMoves } from './modules/redirects';
import { publishedUrlsGrpc, publishedUrlsRoutes, type PublishedUrlDeps } from './modules/published-urls';
import { siteSearchGrpc, siteSearchRoutes } from './modules/site-search';

/** The sites service: sites, sections, section groups, site spaces, share links, redirects, customization, visitor auth. */
export function sitesModule(): ServiceModule {
  return {
    name: 'sites',
    migrationsDir: join(__dirname, '..', 'migrations'),
    writesEvents: true,
    build: (ctx: ServiceContext) => {
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const deps: SitesHttpDeps = { ...ctx, membership };
      const publishedUrls: PublishedUrlDeps = {
        db: ctx.db,
        urls: ctx.urls,
        clients: ctx.clients,
        clock: ctx.clock,
        metrics: ctx.metrics,
        serviceSecret: ctx.config.internalSecret,
      };
      const publishingAuth = { db: ctx.db, membership, clock: ctx.clock, serviceSecret: ctx.config.internalSecret, cache: ctx.cache, logger: ctx.logger };
      // Discovery of a site's OpenID provider: the one outbound door (OUTBOUND_ALLOW_HOSTS).
      const outbound = new OutboundFetcher(new OutboundAddressPolicy(ctx.config.outboundAllowHosts));
      const siteOidc: SiteOidcDeps = { ...publishingAuth, outbound, urls: ctx.urls };
      return {
        routes: (app) => {
          app.use(sitesRoutes(deps));
          app.use(sectionsRoutes(deps));
          app.use(sectionGroupsRoutes(deps));
          app.use(siteSpacesRoutes(deps));
          app.use(siteStructureRoutes(deps));
          app.use(externalLinksRoutes(deps));
          app.use(shareLinksRoutes(deps));
          app.use(sitePermissionsRoutes(deps));
          app.use(publishingAuthRoutes(publishingAuth));
          app.use(siteOidcRoutes(siteOidc));
          app.use(siteRedirectsRoutes(deps));
          app.use(publishedUrlsRoutes(publishedUrls));
          app.use(siteSearchRoutes(deps));
        },
        grpc: sitesGrpc(ctx, membership, {
          ...publishedUrlsGrpc(publishedUrls),
          ...siteSearchGrpc({ ...deps, serviceSecret: ctx.config.internalSecret }),
          ...publishingAuthGrpc(siteOidc),
        }),
        start: async () => {
          // The groups are joined side by side: each join waits out Kafka's rebalance delay.
          await Promise.all([
            membership.subscribe(ctx.bus, 'sites', ctx.logger),
            subscribeToContentEvents(ctx),
            subscribeToPageMoves(ctx),
            subscribeToOrganizationsCreated(ctx),
          ]);
        },
      };
    },
  };
}
