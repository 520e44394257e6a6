import { chunks } from '@quire/helpers';
import { queryRows, type SqlDatabase } from '@quire/platform/sql';
import type { AggregatePlan } from '../../model/aggregate-plan';
import { ADDED_COLUMN_DEFAULTS, type InsightsEventRow } from '../../model/event-row';
import { buildAggregateSql, buildVisitorSegmentsSql, type SqlDialect } from '../aggregate-sql';
import type { AggregateRow, InsightsScope, InsightsStore, VisitorSegmentRow } from '../insights-store';
import { retentionCutoff } from '../retention';
import { postgresDialect } from './dialect';

const COLUMNS: readonly (keyof InsightsEventRow)[] = [
  'event_id',
  'organization_id',
  'site_id',
  'type',
  'timestamp',
  'ingested_at',
  'visitor_id',
  'session_id',
  'visitor_hash',
  'url',
  'referrer',
  'language',
  'site_section',
  'site_space',
  'site_share_key',
  'space',
  'revision',
  'page',
  'country',
  'browser',
  'os',
  'device',
  'is_bot',
  'visitor_claims',
  'properties',
  ...(Object.keys(ADDED_COLUMN_DEFAULTS) as (keyof typeof ADDED_COLUMN_DEFAULTS)[]),
];
const DEFAULTS: Partial<InsightsEventRow> = ADDED_COLUMN_DEFAULTS;
const QUOTED = COLUMNS.map((c) => `"${c}"`).join(', ');
// Postgres takes at most 65535 parameters per statement.
const ROWS_PER_STATEMENT = Math.floor(60_000 / COLUMNS.length);

/**
 * Events in the service's own Postgres (PGlite in embedded mode). The table comes from the
 * service's migrations folder, applied at start, so `migrate` has nothing left to do.
 */
export class EmbeddedInsightsStore implements InsightsStore {
  constructor(private readonly db: SqlDatabase) {}

  async migrate(): Promise<void> {}

  async insert(rows: InsightsEventRow[]): Promise<number> {
    let stored = 0;
    for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
      const params: unknown[] = [];
      // A row from an older build (still on the bus) lacks the added columns: it gets their defaults.
      const tuples = chunk.map((row) => `(${COLUMNS.map((c) => `$${params.push(row[c] ?? DEFAULTS[c])}`).join(', ')})`);
      // A redelivered event (same id) is dropped here, so queries never see it twice.
      const result = await this.db.query(`INSERT INTO insights_events (${QUOTED}) VALUES ${tuples.join(', ')} ON CONFLICT (event_id) DO NOTHING`, params);
      stored += result.rowCount;
    }
    return rows.length - stored;
  }

  aggregate(scope: InsightsScope, plan: AggregatePlan): Promise<AggregateRow[]> {
    return this.select((d) => buildAggregateSql(scope, plan, d));
  }

  visitorSegments(scope: InsightsScope, limit: number): Promise<VisitorSegmentRow[]> {
    return this.select((d) => buildVisitorSegmentsSql(scope, limit, d));
  }

  async dropExpired(now: Date): Promise<void> {
    await this.db.query('DELETE FROM insights_events WHERE "timestamp" < $1', [retentionCutoff(now)]);
  }

  ping(): Promise<void> {
    return this.db.ping();
  }

  /** The database belongs to the service context, which closes it. */
  async close(): Promise<void> {}

  private async select<T>(build: (d: SqlDialect) => { sql: string; decode(rows: Record<string, unknown>[]): T }): Promise<T> {
    const params: unknown[] = [];
    const built = build(postgresDialect(params));
    return built.decode(await queryRows<Record<string, unknown>>(this.db, built.sql, params));
  }
}
