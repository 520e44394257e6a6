import { join } from 'node:path';
import { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { subscribeToContentEvents } from './consumers/content-events.consumer';
import { sitesGrpc } from './grpc/sites.grpc';
import type { SitesHttpDeps } from './http/deps';
import { sectionGroupsRoutes } from './http/section-groups/section-groups.routes';
import { sectionsRoutes } from './http/sections/sections.routes';
import { shareLinksRoutes } from './http/share-links/share-links.routes';
import { siteSpacesRoutes } from './http/site-spaces/site-spaces.routes';
import { sitesRoutes } from './http/sites/sites.routes';

/** The sites service: sites, sections, section groups, site spaces, share links. */
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
