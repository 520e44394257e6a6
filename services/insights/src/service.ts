import { join } from 'node:path';
import { MembershipResolver, mountPlannedRoutes, healthBinding, type ServiceContext, type ServiceModule } from '@quire/common';
import { insights } from '@quire/proto';
import { startInsightsConsumer } from './consumers/insights-events.consumer';
import { aggregateRoutes } from './http/aggregate/aggregate.routes';
import { eventsRoutes } from './http/events/events.routes';
import { visitorSegmentsRoutes } from './http/visitor-segments/visitor-segments.routes';
import { ClickHouseStore } from './store/clickhouse/clickhouse-store';
import { EmbeddedInsightsStore } from './store/embedded/embedded-store';
import type { InsightsStore } from './store/insights-store';

const RETENTION_SWEEP_MS = 24 * 60 * 60 * 1000;

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
      // ClickHouse may be down at start: the service still starts (ingest only needs Kafka) and
      // keeps trying to apply the schema; the consumer's inserts wait for it by failing and retrying.
      let stopped = false;
      const migrateUntilDone = async () => {
        for (let delayMs = 1000; !stopped; delayMs = Math.min(delayMs * 2, 15000)) {
          try {
            await store.migrate();
            return;
          } catch (err) {
            ctx.logger.warn({ err: (err as Error).message }, 'insights store not migrated yet; retrying');
            await new Promise((r) => setTimeout(r, delayMs));
          }
        }
      };
      try {
        await store.migrate();
      } catch (err) {
        ctx.logger.warn({ err: (err as Error).message }, 'insights store not migrated yet; retrying in the background');
        void migrateUntilDone();
      }
      const membership = new MembershipResolver(() => ctx.clients.identity());
      // Retention: monthly partitions past the window are dropped once a day (ClickHouse 18.16 has no TTL).
      const retention =
        store instanceof ClickHouseStore
          ? setInterval(
              () => store.dropExpiredPartitions(ctx.clock()).catch((err: Error) => ctx.logger.warn({ err: err.message }, 'dropping expired partitions failed')),
              RETENTION_SWEEP_MS,
            )
          : null;
      retention?.unref();
      const deps = { ...ctx, membership, store };
      return {
        routes: (app) => {
          app.use(eventsRoutes(deps));
          app.use(aggregateRoutes(deps));
          app.use(visitorSegmentsRoutes(deps));
          mountPlannedRoutes(app, 'insights');
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
          stopped = true;
          if (retention) clearInterval(retention);
          await store.close();
        },
      };
    },
  };
}
