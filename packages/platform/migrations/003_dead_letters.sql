-- Dead letters (src/dead-letters/): a message a consumer could not apply for a reason a retry cannot
-- fix is parked here and its offset committed, so one bad message never stops a consumer. An
-- operator lists and replays them with `npm run -s cli -- dead-letters ...`.
CREATE TABLE dead_letters (
  id TEXT PRIMARY KEY,
  consumer TEXT NOT NULL,
  topic TEXT NOT NULL,
  -- Where the message sat on Kafka; NULL on the embedded in-process bus.
  kafka_partition INTEGER,
  kafka_offset BIGINT,
  message_key TEXT NOT NULL,
  -- Bytes, not text: the value is kept exactly as delivered, even when Postgres text cannot hold it (NUL).
  message_value BYTEA NOT NULL,
  error TEXT NOT NULL,
  first_failed_at TIMESTAMPTZ NOT NULL,
  last_failed_at TIMESTAMPTZ NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL DEFAULT 'parked' CHECK (status IN ('parked', 'replayed')),
  replayed_at TIMESTAMPTZ
);
CREATE INDEX dead_letters_by_consumer ON dead_letters (consumer, status, first_failed_at);
