import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type * as ClickHouse from '@clickhouse/client';
import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client';
import { DependencyUnavailableError } from '@quire/errors';
import { chunks } from '@quire/helpers';
import type { AggregatePlan } from '../../model/aggregate-plan';
import type { InsightsEventRow } from '../../model/event-row';
import { buildAggregateSql, buildVisitorSegmentsSql, type SqlDialect } from '../aggregate-sql';
import type { AggregateRow, BatchOrigin, InsightsScope, InsightsStore, VisitorSegmentRow } from '../insights-store';
import { createBinder, type Binder } from './bind';
import {
  buildRollupAggregateSql,
  coverageStartDay,
  ROLLUP_COVERAGE_TABLE,
  ROLLUP_TABLE,
  ROLLUP_TABLES,
  ROLLUP_VIEW,
  ROLLUP_VIEW_STATEMENT,
  rollupWindow,
} from './daily-rollup';
import { clickhouseDialect } from './dialect';
import {
  backfillStatement,
  buildVisitorRollupSql,
  eventsAfterSql,
  expiredVisitorsSql,
  expireStatement,
  VISITORS_BACKFILL_TABLE,
  VISITORS_TABLES,
  VISITORS_VIEW_STATEMENT,
  visitorRollupDimension,
} from './visitor-rollup';
import {
  LEDGER_MIGRATIONS,
  LEDGER_RETENTION_MONTHS,
  LEDGER_TABLE,
  ledgerRow,
  LOOKUP_IDS_PER_QUERY,
  overlappingBatchesSql,
  storedEventIdsSql,
} from './insert-ledger';
import { expiredPartitions, RETENTION_MONTHS, retentionCutoff } from '../retention';
import { addColumnsStatement, CLICKHOUSE_MIGRATIONS, EVENTS_TABLE } from './schema';

/** A row with a column this table lacks (written by another build) is still stored. */
const EVENT_INSERT_SETTINGS: ClickHouseSettings = { input_format_skip_unknown_fields: 1 };

export interface ClickHouseStoreOptions {
  /** http://user:password@host:8123/database */
  url: string;
  requestTimeoutMs?: number;
  /** Per-query limits for reads. */
  maxExecutionSeconds?: number;
  maxResultRows?: number;
}

/** Events in ClickHouse: the distributed mode's store. */
// Required when the first store is made, not at import: embedded mode keeps its events in PGlite
// and would otherwise load the ClickHouse client at every start.
let clickhouse: typeof ClickHouse | undefined;
function loadClickHouse(): typeof ClickHouse {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (clickhouse ??= require('@clickhouse/client') as typeof ClickHouse);
}

export class ClickHouseStore implements InsightsStore {
  private readonly client: ClickHouseClient;
  private readonly readSettings: ClickHouseSettings;
  private paramsSupport: Promise<boolean> | null = null;
  /** First day the daily rollup is complete for; null until migrate() ran (queries read raw rows). */
  private rollupFromDay: number | null = null;
  /** Whether the visitor rollup holds every stored event (set by migrate() after the backfill). */
  private visitorsComplete = false;

  constructor(options: ClickHouseStoreOptions) {
    const { ClickHouseLogLevel, createClient } = loadClickHouse();
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
    for (const statement of [...CLICKHOUSE_MIGRATIONS, ...LEDGER_MIGRATIONS, ...ROLLUP_TABLES, ...VISITORS_TABLES])
      await this.client.command({ query: statement });
    await this.addMissingColumns();
    await this.createRollupView();
    await this.backfillVisitors();
    const [coverage] = await this.read<{ day: number | string }>(() => `SELECT toUInt32(max(covers_from)) AS day FROM ${ROLLUP_COVERAGE_TABLE}`);
    this.rollupFromDay = Number(coverage?.day ?? 0);
  }

  /**
   * Brings an events table created by an older build up to the current columns. 18.16 has no
   * `ADD COLUMN IF NOT EXISTS`, so the existing columns are read first and only missing ones added.
   */
  private async addMissingColumns(): Promise<void> {
    const columns = await this.read<{ name: string }>(() => `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '${EVENTS_TABLE}'`);
    const statement = addColumnsStatement(new Set(columns.map((c) => c.name)));
    if (statement) await this.client.command({ query: statement });
  }

  /** Creates the rollup view once, recording from which day on it is complete (see daily-rollup.ts). */
  private async createRollupView(): Promise<void> {
    const [exists] = await this.read<{ result: number | string }>(() => `EXISTS TABLE ${ROLLUP_VIEW}`);
    if (Number(exists?.result) === 1) return;
    const [events] = await this.read<{ n: number | string }>(() => `SELECT count() AS n FROM ${EVENTS_TABLE}`);
    const now = new Date();
    const coversFrom = coverageStartDay(Number(events?.n ?? 0) > 0, now);
    await this.client.insert({
      table: ROLLUP_COVERAGE_TABLE,
      values: [{ covers_from: new Date(coversFrom * 86_400_000).toISOString().slice(0, 10), created_at: Math.floor(now.getTime() / 1000) }],
      format: 'JSONEachRow',
    });
    await this.client.command({ query: ROLLUP_VIEW_STATEMENT });
  }

  /**
   * Fills the visitor rollup with the events stored before its view existed, once (visitor-rollup.ts).
   * The view is created first, so no event falls between the two; an interrupted backfill starts
   * over at the next start, which is harmless because the rollup keeps a maximum.
   */
  private async backfillVisitors(): Promise<void> {
    await this.client.command({ query: VISITORS_VIEW_STATEMENT });
    const [done] = await this.read<{ n: number | string }>(() => `SELECT count() AS n FROM ${VISITORS_BACKFILL_TABLE}`);
    if (Number(done?.n ?? 0) === 0) {
      const parts = await this.read<{ partition: string }>(
        () => `SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = '${EVENTS_TABLE}' AND active ORDER BY partition`,
      );
      for (const { partition } of parts) await this.client.command({ query: backfillStatement(String(partition)) });
      await this.client.insert({ table: VISITORS_BACKFILL_TABLE, values: [{ done_at: Math.floor(Date.now() / 1000) }], format: 'JSONEachRow' });
    }
    this.visitorsComplete = true;
  }

  /** Exactly once per origin: see insert-ledger.ts. Without an origin the rows are simply inserted. */
  async insert(rows: InsightsEventRow[], origin?: BatchOrigin, jsonLines?: string): Promise<number> {
    if (rows.length === 0) return 0;
    return this.guard(async () => {
      let fresh = rows;
      if (origin) {
        if (await this.wasRecorded(origin)) fresh = await this.withoutStored(rows);
        await this.client.insert({ table: LEDGER_TABLE, values: [ledgerRow(origin, Math.floor(Date.now() / 1000))], format: 'JSONEachRow' });
      }
      // DateTime columns take the rows' unix seconds as they are. The rows' JSON lines, when the
      // caller has them and none was skipped, go as they are instead of being encoded again.
      if (fresh === rows && jsonLines !== undefined) await this.insertJsonLines(jsonLines);
      else if (fresh.length > 0)
        await this.client.insert({ table: EVENTS_TABLE, values: fresh, format: 'JSONEachRow', clickhouse_settings: EVENT_INSERT_SETTINGS });
      return rows.length - fresh.length;
    });
  }

  private async insertJsonLines(jsonLines: string): Promise<void> {
    const result = await this.client.exec({
      query: `INSERT INTO ${EVENTS_TABLE} FORMAT JSONEachRow`,
      values: Readable.from([jsonLines]),
      clickhouse_settings: EVENT_INSERT_SETTINGS,
    });
    // The answer to an insert is empty; reading it to the end frees the connection.
    result.stream.resume();
    await finished(result.stream);
  }

  private async wasRecorded(origin: BatchOrigin): Promise<boolean> {
    const [row] = await this.read<{ n: number | string }>((b) => overlappingBatchesSql(b, origin));
    return Number(row?.n ?? 0) > 0;
  }

  private async withoutStored(rows: InsightsEventRow[]): Promise<InsightsEventRow[]> {
    const sites = [...new Set(rows.map((r) => r.site_id))];
    const times = rows.map((r) => r.timestamp);
    const from = Math.min(...times);
    const to = Math.max(...times);
    const stored = new Set<string>();
    for (const chunk of chunks(rows, LOOKUP_IDS_PER_QUERY)) {
      const ids = chunk.map((r) => r.event_id);
      for (const r of await this.read<{ event_id: string }>((b) => storedEventIdsSql(b, sites, from, to, ids))) stored.add(r.event_id);
    }
    return rows.filter((r) => !stored.has(r.event_id));
  }

  async aggregate(scope: InsightsScope, plan: AggregatePlan): Promise<AggregateRow[]> {
    const dimension = this.visitorsComplete ? visitorRollupDimension(plan) : null;
    if (dimension !== null) {
      const [after] = await this.guard(() => this.read<{ n: number | string }>((b) => eventsAfterSql(b, scope, plan.to)));
      if (Number(after?.n ?? 0) === 0) return this.select((d) => buildVisitorRollupSql(scope, plan, dimension, d));
    }
    const window = this.rollupFromDay === null ? null : rollupWindow(plan, this.rollupFromDay);
    return this.select((d) => (window ? buildRollupAggregateSql(scope, plan, window, d) : buildAggregateSql(scope, plan, d)));
  }

  async visitorSegments(scope: InsightsScope, limit: number): Promise<VisitorSegmentRow[]> {
    return this.select((d) => buildVisitorSegmentsSql(scope, limit, d));
  }

  async dropExpired(now: Date): Promise<void> {
    await this.dropExpiredPartitions(now);
  }

  /** Drops the monthly partitions older than the retention window (and old ledger months); returns the events' ones. */
  async dropExpiredPartitions(now: Date, retentionMonths = RETENTION_MONTHS): Promise<string[]> {
    const expired = await this.dropPartitions(EVENTS_TABLE, now, retentionMonths);
    await this.dropPartitions(ROLLUP_TABLE, now, retentionMonths);
    await this.expireVisitors(retentionCutoff(now, retentionMonths));
    await this.dropPartitions(LEDGER_TABLE, now, LEDGER_RETENTION_MONTHS);
    return expired;
  }

  /** A mutation rewrites parts, so it is issued only when some visitor is older than the cutoff. */
  private async expireVisitors(cutoff: number): Promise<void> {
    const [old] = await this.read<{ n: number | string }>((b) => expiredVisitorsSql(b, cutoff));
    if (Number(old?.n ?? 0) > 0) await this.client.command({ query: expireStatement(createBinder(false), cutoff) });
  }

  private async dropPartitions(table: string, now: Date, retentionMonths: number): Promise<string[]> {
    const parts = await this.read<{ partition: string }>(
      () => `SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = '${table}' AND active`,
    );
    const partitions = parts.map((r) => String(r.partition));
    const expired = expiredPartitions(partitions, now, retentionMonths);
    // Ids are six digits (checked by expiredPartitions), so they are safe as literals.
    for (const id of expired) await this.client.command({ query: `ALTER TABLE ${table} DROP PARTITION ${id}` });
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
    return this.guard(async () => {
      const binder = createBinder(await this.supportsQueryParams());
      const built = build(clickhouseDialect(binder));
      return built.decode(await this.run<Record<string, unknown>>(built.sql, binder));
    });
  }

  private async read<R>(sqlFor: (binder: Binder) => string): Promise<R[]> {
    const binder = createBinder(await this.supportsQueryParams());
    return this.run<R>(sqlFor(binder), binder);
  }

  /** Every read runs with the read-only limits; values only enter through the query's binder. */
  private async run<R>(sql: string, binder: Binder): Promise<R[]> {
    const result = await this.client.query({
      query: sql,
      format: 'JSONEachRow',
      query_params: Object.keys(binder.params).length ? binder.params : undefined,
      clickhouse_settings: this.readSettings,
    });
    return result.json<R>();
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
