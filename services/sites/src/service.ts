import { join } from 'node:path';
import { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import {
  sectionGroupsRoutes,
  sectionsRoutes,
  shareLinksRoutes,
  siteSpacesRoutes,
  sitesGrpc,
  sitesRoutes,
  subscribeToContentEvents,
  type SitesHttpDeps,
} from './modules/sites';
import { publishingAuthRoutes } from './modules/publishing-auth';
import { siteRedirectsRoutes } from './modules/redirects';
import { siteSearchRoutes } from './modules/site-search';

/** The sites service: sites, sections, section groups, site spaces, share links, redirects, customization, visitor auth. */
export function sitesModule(): ServiceModule {
  return {
    name: 'sites',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => {
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const deps: SitesHttpDeps = { ...ctx, membership };
      return {
        routes: (app) => {
          app.use(sitesRoutes(deps));
          app.use(sectionsRoutes(deps));
          app.use(sectionGroupsRoutes(deps));
          app.use(siteSpacesRoutes(deps));
          app.use(shareLinksRoutes(deps));
          app.use(publishingAuthRoutes({ db: ctx.db, membership, clock: ctx.clock, serviceSecret: ctx.config.internalSecret }));
          app.use(siteRedirectsRoutes(deps));
          app.use(siteSearchRoutes(deps));
        },
        grpc: sitesGrpc(ctx),
        start: async () => {
          await membership.subscribe(ctx.bus, 'sites', ctx.logger);
          await subscribeToContentEvents(ctx);
        },
      };
    },
  };
}
