import { join } from 'node:path';
import { bind } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { specs } from '@quire/proto';
import {
  openapiRoutes,
  publishedOperationsGrpc,
  SpecDocuments,
  specVersionsRoutes,
  startRefreshSchedule,
  startSpecJobsConsumer,
  type SpecsHttpDeps,
} from './modules/openapi-specs';
import { translationsRoutes } from './modules/translations';
import { specsSettingsFromEnv } from './settings';

/** The specs service: OpenAPI specs (fetched, validated, versioned by a job) and translation settings. */
export function specsModule(): ServiceModule {
  return {
    name: 'specs',
    migrationsDir: join(__dirname, '..', 'migrations'),
    writesEvents: true,
    build: (ctx: ServiceContext) => {
      const settings = specsSettingsFromEnv();
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const fetcher = new OutboundFetcher(new OutboundAddressPolicy(ctx.config.outboundAllowHosts));
      const schedule = { refreshIntervalMs: settings.refreshIntervalMs };
      const deps: SpecsHttpDeps = { ...ctx, membership, schedule, downloadTtlSeconds: settings.downloadTtlSeconds };
      // Large documents are parsed and validated in worker threads, off the event loop (docs/specs.md).
      const documents = new SpecDocuments(settings.parsing);
      let stopSchedule = () => undefined as void;
      return {
        routes: (app) => {
          app.use(openapiRoutes(deps));
          app.use(specVersionsRoutes(deps));
          app.use(translationsRoutes(deps));
        },
        grpc: [
          bind<specs.SpecsServer>(specs.SpecsService, {
            check: async () => ({
              service: 'specs',
              ready: await ctx.db.ping().then(
                () => true,
                () => false,
              ),
            }),
            ...publishedOperationsGrpc({ db: ctx.db, documents, internalSecret: ctx.config.internalSecret }),
          }),
        ],
        start: async () => {
          await membership.subscribe(ctx.bus, 'specs', ctx.logger);
          await startSpecJobsConsumer(ctx, {
            db: ctx.db,
            fetcher,
            logger: ctx.logger,
            clock: ctx.clock,
            fetchTimeoutMs: settings.fetchTimeoutMs,
            maxDocumentBytes: settings.maxDocumentBytes,
            documents,
          });
          stopSchedule = startRefreshSchedule(ctx, schedule);
        },
        stop: async () => {
          stopSchedule();
          await fetcher.close();
          await documents.close();
        },
      };
    },
  };
}
