import { ClickHouseLogLevel, createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import { DependencyUnavailableError } from '@quire/common';
import type { AggregatePlan } from '../../domain/aggregate-query';
import type { InsightsEventRow } from '../../domain/event-row';
import { buildAggregateSql, buildVisitorSegmentsSql, type SqlDialect } from '../aggregate-sql';
import type { AggregateRow, InsightsScope, InsightsStore, VisitorSegmentRow } from '../insights-store';
import { createBinder } from './bind';
import { clickhouseDialect } from './dialect';
import { expiredPartitions, RETENTION_MONTHS } from './retention';
import { CLICKHOUSE_MIGRATIONS, EVENTS_TABLE } from './schema';

export interface ClickHouseStoreOptions {
  /** http://user:password@host:8123/database */
  url: string;
  requestTimeoutMs?: number;
  /** Per-query limits for reads. */
  maxExecutionSeconds?: number;
  maxResultRows?: number;
}

/** Events in ClickHouse: the distributed mode's store. */
export class ClickHouseStore implements InsightsStore {
  private readonly client: ClickHouseClient;
  private readonly readSettings: ClickHouseSettings;
  private paramsSupport: Promise<boolean> | null = null;

  constructor(options: ClickHouseStoreOptions) {
    // The client's own log would print the expected failure of the parameter probe on old servers;
    // every error reaches the caller anyway.
    this.client = createClient({ url: options.url, request_timeout: options.requestTimeoutMs ?? 30_000, log: { level: ClickHouseLogLevel.OFF } });
    // Reads can change no data (readonly=2 still lets a query carry its own limits), stop after a
    // while and refuse to answer more rows than a response can hold.
    this.readSettings = {
      readonly: '2',
      max_execution_time: options.maxExecutionSeconds ?? 10,
      max_result_rows: String(options.maxResultRows ?? 100_000),
      result_overflow_mode: 'throw',
    };
  }

  /** Whether the server takes `{name:Type}` query parameters (18.16 does not); asked once. */
  supportsQueryParams(): Promise<boolean> {
    this.paramsSupport ??= this.client
      .query({ query: 'SELECT {probe:UInt8} AS probe', query_params: { probe: 7 }, format: 'JSONEachRow' })
      .then((result) => result.json<{ probe: number | string }>())
      .then((rows) => Number(rows[0]?.probe) === 7)
      .catch((err: unknown) => {
        // An unreachable server says nothing about its version: ask again next time.
        if (isConnectionError(err)) {
          this.paramsSupport = null;
          throw err;
        }
        return false;
      });
    return this.paramsSupport;
  }

  async migrate(): Promise<void> {
    await this.supportsQueryParams();
    for (const statement of CLICKHOUSE_MIGRATIONS) await this.client.command({ query: statement });
  }

  async insert(rows: InsightsEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    // DateTime columns take the rows' unix seconds as they are.
    await this.guard(() => this.client.insert({ table: EVENTS_TABLE, values: rows, format: 'JSONEachRow', clickhouse_settings: { input_format_skip_unknown_fields: 1 } }));
  }

  async aggregate(scope: InsightsScope, plan: AggregatePlan): Promise<AggregateRow[]> {
    return this.select((d) => buildAggregateSql(scope, plan, d));
  }

  async visitorSegments(scope: InsightsScope, limit: number): Promise<VisitorSegmentRow[]> {
    return this.select((d) => buildVisitorSegmentsSql(scope, limit, d));
  }

  /** Drops the monthly partitions older than the retention window; returns their ids. */
  async dropExpiredPartitions(now: Date, retentionMonths = RETENTION_MONTHS): Promise<string[]> {
    const result = await this.client.query({
      query: `SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = '${EVENTS_TABLE}' AND active`,
      format: 'JSONEachRow',
    });
    const partitions = (await result.json<{ partition: string }>()).map((r) => String(r.partition));
    const expired = expiredPartitions(partitions, now, retentionMonths);
    // Ids are six digits (checked by expiredPartitions), so they are safe as literals.
    for (const id of expired) await this.client.command({ query: `ALTER TABLE ${EVENTS_TABLE} DROP PARTITION ${id}` });
    return expired;
  }

  async ping(): Promise<void> {
    const result = await this.client.ping();
    if (!result.success) throw new DependencyUnavailableError('ClickHouse did not answer');
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async select<T>(build: (d: SqlDialect) => { sql: string; decode(rows: Record<string, unknown>[]): T }): Promise<T> {
    const binder = createBinder(await this.guard(() => this.supportsQueryParams()));
    const built = build(clickhouseDialect(binder));
    return this.guard(async () => {
      const result = await this.client.query({
        query: built.sql,
        format: 'JSONEachRow',
        query_params: Object.keys(binder.params).length ? binder.params : undefined,
        clickhouse_settings: this.readSettings,
      });
      return built.decode(await result.json<Record<string, unknown>>());
    });
  }

  /** Connection failures become DependencyUnavailableError (503); query errors stay as they are. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isConnectionError(err)) throw new DependencyUnavailableError(`ClickHouse is unavailable: ${(err as Error).message}`);
      throw err;
    }
  }
}

function isConnectionError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code);
}
