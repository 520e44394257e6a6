import { join } from 'node:path';
import { healthBinding, mountPlannedRoutes, type ServiceContext, type ServiceModule } from '@quire/common';
import { sites } from '@quire/proto';

/** The sites service: boots, migrates its own database and answers 501 for routes still to come. */
export function sitesModule(): ServiceModule {
  return {
    name: 'sites',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => ({
      routes: (app) => mountPlannedRoutes(app, 'sites'),
      grpc: [healthBinding(sites.SitesService, 'sites', () => ctx.db.ping().then(() => true, () => false))],
    }),
  };
}
