import { join } from 'node:path';
import { healthBinding, mountPlannedRoutes, type ServiceContext, type ServiceModule } from '@quire/common';
import { specs } from '@quire/proto';

/** The specs service: boots, migrates its own database and answers 501 for routes still to come. */
export function specsModule(): ServiceModule {
  return {
    name: 'specs',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => ({
      routes: (app) => mountPlannedRoutes(app, 'specs'),
      grpc: [
        healthBinding(specs.SpecsService, 'specs', () =>
          ctx.db.ping().then(
            () => true,
            () => false,
          ),
        ),
      ],
    }),
  };
}
