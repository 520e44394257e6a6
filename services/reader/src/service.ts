import { join } from 'node:path';
import { preparePageRenderer } from '@quire/page-html';
import { healthBinding } from '@quire/platform/grpc';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { reader } from '@quire/proto';
import { answerLlms, mcpRoutes } from './modules/machine-readable';
import { publishedRoutes } from './modules/pages';
import { visitRecorder } from './modules/visits';
import { readerSettingsFromEnv } from './settings';

/**
 * The reader (issue #36): serves published sites to their visitors as HTML. Read-only and
 * stateless: every request asks sites (what the URL shows to this visitor) and content (the
 * published pages) over gRPC, so any number of copies answer alike (docs/reader.md). Its database
 * holds only the platform's common tables.
 */
export function readerModule(): ServiceModule {
  return {
    name: 'reader',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => {
      const settings = readerSettingsFromEnv();
      const visits = visitRecorder(ctx, settings.visitQueue);
      const base = {
        sites: () => ctx.clients.sites(),
        contentPublished: () => ctx.clients.contentPublished(),
        specs: () => ctx.clients.specs(),
        logger: ctx.logger,
        publicUrl: ctx.config.publicUrl,
        answerTimeoutMs: settings.answerTimeoutMs,
        visits,
      };
      const deps = { ...base, llms: (kind: 'llms' | 'llms-full', content: Parameters<typeof answerLlms>[2]) => answerLlms(base, kind, content) };
      return {
        routes: (app) => {
          // Before the pages' routes, which answer only GET and HEAD: MCP messages are POSTs.
          app.use(mcpRoutes(deps));
          app.use(publishedRoutes(deps));
        },
        grpc: [healthBinding(reader.ReaderService, 'reader')],
        // The highlighter and the ES-module libraries load once, before the first visitor.
        start: () => preparePageRenderer(),
        // Events of the last answers leave before the process does (each send is bounded by GRPC_DEADLINE_MS).
        stop: () => visits.flush(),
      };
    },
  };
}
