import type { ServiceContext } from '@quire/platform/runtime';
import { ClickHouseStore } from '../store/clickhouse/clickhouse-store';
import { EmbeddedInsightsStore } from '../store/embedded/embedded-store';
import type { InsightsStore } from '../store/insights-store';
import { startStoreUpkeep, type StoreUpkeep } from '../store/store-upkeep';

/**
 * The store of this process's events, with its upkeep running (schema, retention): ClickHouse when
 * a URL is configured, else the service's own Postgres.
 */
export async function openInsightsStore(
  ctx: Pick<ServiceContext, 'db' | 'logger' | 'clock'>,
  clickhouseUrl: string | undefined,
): Promise<{ store: InsightsStore; upkeep: StoreUpkeep }> {
  const store: InsightsStore = clickhouseUrl ? new ClickHouseStore({ url: clickhouseUrl }) : new EmbeddedInsightsStore(ctx.db);
  const upkeep = await startStoreUpkeep(store, { logger: ctx.logger, clock: ctx.clock });
  return { store, upkeep };
}
