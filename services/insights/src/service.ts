import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import { healthBinding, mountPlannedRoutes, type ReadinessCheck, type ServiceContext, type ServiceModule } from '@quire/common';
import { insights } from '@quire/proto';

export interface InsightsOptions {
  /** Distributed mode: the ClickHouse HTTP endpoint that stores visitor events. */
  clickhouseUrl?: string;
}

/** The insights service: boots with its database and ClickHouse check; routes arrive with issue #6. */
export function insightsModule(options: InsightsOptions = {}): ServiceModule {
  return {
    name: 'insights',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => {
      const clickhouse = options.clickhouseUrl ? createClient({ url: options.clickhouseUrl, request_timeout: 2000 }) : null;
      const readiness: Record<string, ReadinessCheck> = {};
      if (clickhouse) {
        readiness.clickhouse = async () => {
          const result = await clickhouse.ping();
          if (!result.success) throw new Error('clickhouse did not answer');
        };
      }
      return {
        routes: (app) => mountPlannedRoutes(app, 'insights'),
        grpc: [healthBinding(insights.InsightsService, 'insights', () => ctx.db.ping().then(() => true, () => false))],
        readiness,
        stop: async () => {
          await clickhouse?.close();
        },
      };
    },
  };
}
