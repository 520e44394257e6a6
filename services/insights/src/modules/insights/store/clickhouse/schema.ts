// The ClickHouse schema. The events table is a public interface (dashboards read it): change it
// only by adding statements here and updating the service README.
//
// It must run on ClickHouse 18.16 and on current releases: plain String columns (LowCardinality
// would need an experimental setting on 18.16), DateTime('UTC'), no TTL (retention drops monthly
// partitions instead, see retention.ts).

import type { AddedColumn } from '../../model/event-row';

export const EVENTS_TABLE = 'insights_events';

/**
 * Columns added after the first schema version, with DEFAULTs equal to ADDED_COLUMN_DEFAULTS
 * (event-row.ts), so rows written before read as "not recorded". A new table gets them from
 * CREATE; an older one from `ALTER TABLE … ADD COLUMN` (upgrade.ts), which 18.16 cannot spell
 * idempotently (no IF NOT EXISTS), so it is issued only for the columns the table lacks.
 */
export const ADDED_COLUMNS: readonly { name: AddedColumn; type: string }[] = [
  { name: 'display_context', type: "String DEFAULT 'site'" },
  { name: 'referrer_domain', type: "String DEFAULT ''" },
  { name: 'utm_source', type: "String DEFAULT ''" },
  { name: 'utm_medium', type: "String DEFAULT ''" },
  { name: 'utm_campaign', type: "String DEFAULT ''" },
  { name: 'utm_term', type: "String DEFAULT ''" },
  { name: 'utm_content', type: "String DEFAULT ''" },
  { name: 'geo_lat', type: 'Float64 DEFAULT 0' },
  { name: 'geo_lon', type: 'Float64 DEFAULT 0' },
  { name: 'geo_h3', type: 'UInt64 DEFAULT 0' },
  { name: 'link_target_kind', type: "String DEFAULT ''" },
  { name: 'link_target_value', type: "String DEFAULT ''" },
  { name: 'link_target_domain', type: "String DEFAULT ''" },
  { name: 'link_position', type: "String DEFAULT ''" },
  { name: 'api_operation_path', type: "String DEFAULT ''" },
  { name: 'api_operation_method', type: "String DEFAULT ''" },
  { name: 'feedback_rating', type: "String DEFAULT ''" },
  { name: 'feedback_comment', type: "String DEFAULT ''" },
  { name: 'ask_rating', type: 'Int8 DEFAULT 0' },
  { name: 'ad_domain', type: "String DEFAULT ''" },
  { name: 'ad_placement', type: "String DEFAULT ''" },
  { name: 'trademark_placement', type: "String DEFAULT ''" },
  { name: 'visitor_claim_keys', type: 'Array(String) DEFAULT []' },
  { name: 'visitor_claim_values', type: 'Array(String) DEFAULT []' },
];

/** The one ALTER that adds the columns a table lacks, or null when it has them all. */
export function addColumnsStatement(existing: ReadonlySet<string>): string | null {
  const missing = ADDED_COLUMNS.filter((c) => !existing.has(c.name));
  if (missing.length === 0) return null;
  return `ALTER TABLE ${EVENTS_TABLE} ${missing.map((c) => `ADD COLUMN ${c.name} ${c.type}`).join(', ')}`;
}

/** Idempotent statements, applied in order at start. */
export const CLICKHOUSE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (
    event_id String,
    organization_id String,
    site_id String,
    type String,
    timestamp DateTime('UTC'),
    ingested_at DateTime('UTC'),
    visitor_id String,
    session_id String,
    visitor_hash String,
    url String,
    referrer String,
    language String,
    site_section String,
    site_space String,
    site_share_key String,
    space String,
    revision String,
    page String,
    country String,
    browser String,
    os String,
    device String,
    is_bot UInt8,
    visitor_claims String,
    properties String,
    ${ADDED_COLUMNS.map((c) => `${c.name} ${c.type}`).join(',\n    ')}
  )
  ENGINE = ReplacingMergeTree(ingested_at)
  PARTITION BY toYYYYMM(timestamp)
  ORDER BY (site_id, toDate(timestamp), event_id)`,
  // Inserts are exactly once (insert-ledger.ts), so queries count rows. Should a copy slip in (two
  // consumers overlapping in a rebalance), it has the same sorting key in the same partition and
  // background merges keep one.
];
