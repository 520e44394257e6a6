-- The embedded mode's event store: the same columns as ClickHouse's insights_events
-- (src/domain/event-row.ts). Times are unix seconds (UTC), as in the row; a replayed event keeps
-- its id, so the primary key drops it on insert.
CREATE TABLE IF NOT EXISTS insights_events (
  event_id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  site_id TEXT NOT NULL,
  type TEXT NOT NULL,
  "timestamp" BIGINT NOT NULL,
  ingested_at BIGINT NOT NULL,
  visitor_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  visitor_hash TEXT NOT NULL,
  url TEXT NOT NULL,
  referrer TEXT NOT NULL,
  language TEXT NOT NULL,
  site_section TEXT NOT NULL,
  site_space TEXT NOT NULL,
  site_share_key TEXT NOT NULL,
  space TEXT NOT NULL,
  revision TEXT NOT NULL,
  page TEXT NOT NULL,
  country TEXT NOT NULL,
  browser TEXT NOT NULL,
  os TEXT NOT NULL,
  device TEXT NOT NULL,
  is_bot SMALLINT NOT NULL,
  visitor_claims TEXT NOT NULL,
  properties TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS insights_events_site_time ON insights_events (site_id, "timestamp");
