import { join } from 'node:path';
import { MembershipResolver, healthBinding, type ServiceContext, type ServiceModule } from '@quire/common';
import { insights } from '@quire/proto';
import { startInsightsConsumer } from './consumers/insights-events.consumer';
import { aggregateRoutes } from './http/aggregate/aggregate.routes';
import { eventsRoutes } from './http/events/events.routes';
import { visitorSegmentsRoutes } from './http/visitor-segments/visitor-segments.routes';
import { SiteOwnership } from './domain/site-ownership';
import { ClickHouseStore } from './store/clickhouse/clickhouse-store';
import { EmbeddedInsightsStore } from './store/embedded/embedded-store';
import type { InsightsStore } from './store/insights-store';
import { startStoreUpkeep } from './store/store-upkeep';

export interface InsightsOptions {
  /** Distributed mode: the ClickHouse HTTP endpoint (with the database in the path) that stores events. */
  clickhouseUrl?: string;
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
      const store: InsightsStore = options.clickhouseUrl ? new ClickHouseStore({ url: options.clickhouseUrl }) : new EmbeddedInsightsStore(ctx.db);
      const upkeep = await startStoreUpkeep(store, { logger: ctx.logger, clock: ctx.clock });
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
          await startInsightsConsumer(ctx, store);
        },
        stop: async () => {
          upkeep.stop();
          await store.close();
        },
      };
    },
  };
}
