import { join } from 'node:path';
import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';
import { healthBinding } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { specs } from '@quire/proto';
import { startSpecJobsConsumer } from './consumers/spec-jobs.consumer';
import { startRefreshSchedule } from './domain/refresh-schedule';
import type { SpecsHttpDeps } from './http/deps';
import { openapiRoutes } from './http/openapi/openapi.routes';
import { specVersionsRoutes } from './http/openapi/versions.routes';
import { translationsRoutes } from './http/translations/translations.routes';

/** The specs service's own settings (both modes read them from the environment). */
const specsEnvSchema = z.object({
  SPECS_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  SPECS_REFRESH_INTERVAL_MINUTES: z.coerce.number().min(0).default(0),
  SPECS_DOWNLOAD_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SPECS_MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});

/** The specs service: OpenAPI specs (fetched, validated, versioned by a job) and translation settings. */
export function specsModule(): ServiceModule {
  return {
    name: 'specs',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => {
      const env = readEnv(specsEnvSchema);
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const fetcher = new OutboundFetcher(new OutboundAddressPolicy(ctx.config.outboundAllowHosts));
      const schedule = { refreshIntervalMs: env.SPECS_REFRESH_INTERVAL_MINUTES > 0 ? env.SPECS_REFRESH_INTERVAL_MINUTES * 60_000 : null };
      const deps: SpecsHttpDeps = { ...ctx, membership, schedule, downloadTtlSeconds: env.SPECS_DOWNLOAD_TTL_SECONDS };
      let stopSchedule = () => undefined as void;
      return {
        routes: (app) => {
          app.use(openapiRoutes(deps));
          app.use(specVersionsRoutes(deps));
          app.use(translationsRoutes(deps));
        },
        grpc: [
          healthBinding(specs.SpecsService, 'specs', () =>
            ctx.db.ping().then(
              () => true,
              () => false,
            ),
          ),
        ],
        start: async () => {
          await membership.subscribe(ctx.bus, 'specs', ctx.logger);
          await startSpecJobsConsumer(ctx, {
            db: ctx.db,
            fetcher,
            logger: ctx.logger,
            clock: ctx.clock,
            fetchTimeoutMs: env.SPECS_FETCH_TIMEOUT_MS,
            maxDocumentBytes: env.SPECS_MAX_DOCUMENT_BYTES,
          });
          stopSchedule = startRefreshSchedule(ctx, schedule);
        },
        stop: async () => {
          stopSchedule();
          await fetcher.close();
        },
      };
    },
  };
}
