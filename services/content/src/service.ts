import { join } from 'node:path';
import { healthBinding, mountPlannedRoutes, type ServiceContext, type ServiceModule } from '@quire/common';
import { content } from '@quire/proto';

/** The content service: boots, migrates its own database and answers 501 for routes still to come. */
export function contentModule(): ServiceModule {
  return {
    name: 'content',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => ({
      routes: (app) => mountPlannedRoutes(app, 'content'),
      grpc: [healthBinding(content.ContentService, 'content', () => ctx.db.ping().then(() => true, () => false))],
    }),
  };
}
