import { chunks } from '@quire/helpers';
import { typedSql, type SqlDatabase } from '@quire/platform/sql';
import type { Database } from '../../../../database';
import type { AggregatePlan } from '../../model/aggregate-plan';
import { ADDED_COLUMN_DEFAULTS, type AddedColumn, type InsightsEventRow } from '../../model/event-row';
import { buildAggregateSql, buildVisitorSegmentsSql, type SqlDialect } from '../aggregate-sql';
import type { AggregateRow, InsightsScope, InsightsStore, VisitorSegmentRow } from '../insights-store';
import { retentionCutoff } from '../retention';
import { postgresDialect } from './dialect';

/** Rows per insert statement: bounds the one JSON text a statement carries (about 1.5 kB a row). */
const ROWS_PER_STATEMENT = 2_000;

/**
 * A batch of rows is one JSON parameter, spread into the table's own row type by Postgres: about
 * half the CPU per row of one bound parameter per column in PGlite (50 columns: encoding and
 * binding each value cost more than parsing the same values as JSON; docs/benchmarks.md, Reader).
 * Columns are matched by name, so the order of the row's fields does not matter.
 */
const INSERT_ROWS_SQL = 'INSERT INTO insights_events SELECT * FROM json_populate_recordset(NULL::insights_events, $1) ON CONFLICT (event_id) DO NOTHING';

/** The stored columns of an event; a row from an older build (still on the bus) lacks the added columns: it gets their defaults. */
function storedColumnsOf(row: InsightsEventRow) {
  const added = <C extends AddedColumn>(column: C): InsightsEventRow[C] => row[column] ?? ADDED_COLUMN_DEFAULTS[column];
  return {
    event_id: row.event_id,
    organization_id: row.organization_id,
    site_id: row.site_id,
    type: row.type,
    timestamp: row.timestamp,
    ingested_at: row.ingested_at,
    visitor_id: row.visitor_id,
    session_id: row.session_id,
    visitor_hash: row.visitor_hash,
    url: row.url,
    referrer: row.referrer,
    language: row.language,
    site_section: row.site_section,
    site_space: row.site_space,
    site_share_key: row.site_share_key,
    space: row.space,
    revision: row.revision,
    page: row.page,
    country: row.country,
    browser: row.browser,
    os: row.os,
    device: row.device,
    is_bot: row.is_bot,
    visitor_claims: row.visitor_claims,
    properties: row.properties,
    display_context: added('display_context'),
    referrer_domain: added('referrer_domain'),
    utm_source: added('utm_source'),
    utm_medium: added('utm_medium'),
    utm_campaign: added('utm_campaign'),
    utm_term: added('utm_term'),
    utm_content: added('utm_content'),
    geo_lat: added('geo_lat'),
    geo_lon: added('geo_lon'),
    // Decimal text: an H3 index does not fit a JS number exactly; Postgres reads the text as BIGINT.
    geo_h3: added('geo_h3'),
    link_target_kind: added('link_target_kind'),
    link_target_value: added('link_target_value'),
    link_target_domain: added('link_target_domain'),
    link_position: added('link_position'),
    api_operation_path: added('api_operation_path'),
    api_operation_method: added('api_operation_method'),
    feedback_rating: added('feedback_rating'),
    feedback_comment: added('feedback_comment'),
    ask_rating: added('ask_rating'),
    ad_domain: added('ad_domain'),
    ad_placement: added('ad_placement'),
    trademark_placement: added('trademark_placement'),
    visitor_claim_keys: added('visitor_claim_keys'),
    visitor_claim_values: added('visitor_claim_values'),
  };
}

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
      // A redelivered event (same id) is dropped here, so queries never see it twice.
      const result = await this.db.query(INSERT_ROWS_SQL, [JSON.stringify(chunk.map(storedColumnsOf))]);
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
    await typedSql<Database>(this.db).deleteFrom('insights_events').where('timestamp', '<', retentionCutoff(now)).execute();
  }

  ping(): Promise<void> {
    return this.db.ping();
  }

  /** The database belongs to the service context, which closes it. */
  async close(): Promise<void> {}

  /**
   * The aggregate statements are the SQL text ClickHouse runs too, spelled by the Postgres dialect
   * (aggregate-sql.ts, its values bound as $n); their rows are checked by the builder's decode.
   */
  private async select<T>(build: (d: SqlDialect) => { sql: string; decode(rows: Record<string, unknown>[]): T }): Promise<T> {
    const params: unknown[] = [];
    const built = build(postgresDialect(params));
    return built.decode((await this.db.query<Record<string, unknown>>(built.sql, params)).rows);
  }
}
