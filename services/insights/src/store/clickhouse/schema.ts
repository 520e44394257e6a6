// The ClickHouse schema. The events table is a public interface (dashboards read it): change it
// only by adding statements here and updating the service README.
//
// It must run on ClickHouse 18.16 and on current releases: plain String columns (LowCardinality
// would need an experimental setting on 18.16), DateTime('UTC'), no TTL (retention drops monthly
// partitions instead, see retention.ts).

export const EVENTS_TABLE = 'insights_events';

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
    properties String
  )
  ENGINE = ReplacingMergeTree(ingested_at)
  PARTITION BY toYYYYMM(timestamp)
  ORDER BY (site_id, toDate(timestamp), event_id)`,
  // A replayed event has the same id and timestamp, so the same sorting key in the same partition:
  // background merges keep one copy; queries count distinct event ids until then.
];
