import { join } from 'node:path';
import { healthBinding } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { insights } from '@quire/proto';
import { insightsSubscription } from './consumers/insights-events.consumer';
import { aggregateRoutes } from './http/aggregate/aggregate.routes';
import { eventsRoutes } from './http/events/events.routes';
import { visitorSegmentsRoutes } from './http/visitor-segments/visitor-segments.routes';
import { SiteOwnership } from './domain/site-ownership';
import { ClickHouseStore } from './store/clickhouse/clickhouse-store';
import { EmbeddedInsightsStore } from './store/embedded/embedded-store';
import type { InsightsStore } from './store/insights-store';
import { startStoreUpkeep } from './store/store-upkeep';

/**
 * What one insights process runs (INSIGHTS_ROLE, distributed mode): `api` serves ingest and
 * aggregates over HTTP and gRPC and consumes nothing; `consumer` only moves `insights.events` into
 * the store (HTTP for /healthz, /readyz and /metrics; no gRPC), so each scales on its own; `all`
 * does both in one process (embedded mode, and a deployment that has not split them).
 */
export const INSIGHTS_ROLES = ['api', 'consumer', 'all'] as const;
export type InsightsRole = (typeof INSIGHTS_ROLES)[number];

export interface InsightsOptions {
  /** Distributed mode: the ClickHouse HTTP endpoint (with the database in the path) that stores events. */
  clickhouseUrl?: string;
  /** Default `all`. */
  role?: InsightsRole;
}

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
      const role = options.role ?? 'all';
      const store: InsightsStore = options.clickhouseUrl ? new ClickHouseStore({ url: options.clickhouseUrl }) : new EmbeddedInsightsStore(ctx.db);
      // Every role: the API reads the schema, the consumer writes it; retention is idempotent.
      const upkeep = await startStoreUpkeep(store, { logger: ctx.logger, clock: ctx.clock });
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
      const membership = new MembershipResolver(() => ctx.clients.identity());
      // One cached site lookup for ingest and reads.
      const siteOwnership = new SiteOwnership(() => ctx.clients.sites());
      const deps = { ...ctx, membership, siteOwnership, store };
      return {
        routes: (app) => {
          app.use(eventsRoutes(deps));
          app.use(aggregateRoutes(deps));
          app.use(visitorSegmentsRoutes(deps));
        },
        grpc: [
          healthBinding(insights.InsightsService, 'insights', () =>
            ctx.db.ping().then(
              () => true,
              () => false,
            ),
          ),
        ],
        start: async () => {
          await membership.subscribe(ctx.bus, 'insights', ctx.logger);
          if (role === 'all') await ctx.bus.subscribe(subscription);
        },
        stop,
      };
    },
  };
}
