import { join } from 'node:path';
import { MembershipResolver, mountPlannedRoutes, type ServiceContext, type ServiceModule } from '@quire/common';
import { contentGrpc } from './grpc/content.grpc';
import { collectionsRoutes } from './http/collections/collections.routes';
import { customFieldsRoutes } from './http/custom-fields/custom-fields.routes';
import type { ContentHttpDeps } from './http/deps';
import { spacesRoutes } from './http/spaces/spaces.routes';
import { startSpaceSweeper, type SpaceSweeper } from './jobs/space-sweeper';

/** The content service: collections, spaces, custom fields; space content arrives later. */
export function contentModule(): ServiceModule {
  return {
    name: 'content',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => {
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const deps: ContentHttpDeps = { ...ctx, membership };
      let sweeper: SpaceSweeper | null = null;
      return {
        routes: (app) => {
          app.use(collectionsRoutes(deps));
          app.use(spacesRoutes(deps));
          app.use(customFieldsRoutes(deps));
          mountPlannedRoutes(app, 'content');
        },
        grpc: contentGrpc(deps),
        start: async () => {
          await membership.subscribe(ctx.bus, 'content', ctx.logger);
          sweeper = startSpaceSweeper(ctx);
        },
        stop: async () => {
          await sweeper?.stop();
        },
      };
    },
  };
}
