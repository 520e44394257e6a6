import { join } from 'node:path';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { aggregateRoutes, eventsRoutes, insightsGrpc, insightsSubscription, openInsightsStore, SiteLevels, visitorSegmentsRoutes } from './modules/insights';
import { INSIGHTS_DEFAULTS, type InsightsRole, type InsightsSettings } from './settings';

export { INSIGHTS_ROLES, type InsightsRole } from './settings';

/** Default role `all`. */
export type InsightsOptions = Partial<InsightsSettings>;

/**
 * The insights service: visitor events are validated and enriched at the API, published to Kafka
 * (in-process bus embedded), batched into ClickHouse (the service's PGlite embedded) by a consumer
 * group, and aggregated from there.
 */
export function insightsModule(options: InsightsOptions = {}): ServiceModule {
  return {
    name: 'insights',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: async (ctx: ServiceContext) => {
      const role: InsightsRole = options.role ?? INSIGHTS_DEFAULTS.role;
      // Every role: the API reads the schema, the consumer writes it; retention is idempotent.
      const { store, upkeep } = await openInsightsStore(ctx, options.clickhouseUrl);
      const subscription = insightsSubscription(ctx, store);
      const stop = async () => {
        upkeep.stop();
        await store.close();
      };
      if (role === 'consumer') {
        return { routes: () => undefined, grpc: [], start: () => ctx.bus.subscribe(subscription), stop };
      }
      // The consumer's dead letters sit in this service's database, and the operator's CLI calls
      // the API copies: they replay them with the same handler even when they do not consume.
      if (role === 'api') ctx.deadLetters.replaysFor(subscription);
      // One cache of callers' levels on sites for ingest and reads.
      const siteLevels = new SiteLevels(() => ctx.clients.sites());
      const deps = { ...ctx, siteLevels, store };
      return {
        routes: (app) => {
          app.use(eventsRoutes(deps));
          app.use(aggregateRoutes(deps));
          app.use(visitorSegmentsRoutes(deps));
        },
        grpc: [insightsGrpc(ctx)],
        start: async () => {
          if (role === 'all') await ctx.bus.subscribe(subscription);
        },
        stop,
      };
    },
  };
}
