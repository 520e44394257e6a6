-- Transactional outbox: an event is written in the same transaction as the change it announces,
-- then relayed to the bus. Rows stay after publishing (published_at) for audit; a sweeper may prune them.
CREATE TABLE outbox (
  seq BIGSERIAL PRIMARY KEY,
  event_id TEXT NOT NULL UNIQUE,
  topic TEXT NOT NULL,
  key TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  published_at TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;

-- Idempotent consumers: one row per (consumer, event) processed; a repeat is ignored.
CREATE TABLE processed_events (
  consumer TEXT NOT NULL,
  event_id TEXT NOT NULL,
  processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
