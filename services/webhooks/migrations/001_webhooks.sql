-- An organization's webhook subscriptions. The signing secret is stored sealed (AES-256-GCM under a
-- key derived from INTERNAL_SECRET, services/common/src/secrets): a database dump alone cannot sign.
-- After a rotation the previous secret keeps signing (a second signature) until previous_secret_expires_at.
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT[] NOT NULL,
  -- NULL: every space (or site); a list narrows to events about those.
  space_ids TEXT[],
  site_ids TEXT[],
  description TEXT,
  active BOOLEAN NOT NULL DEFAULT true,
  secret_sealed TEXT NOT NULL,
  previous_secret_sealed TEXT,
  previous_secret_expires_at TIMESTAMPTZ,
  -- Set when delivery turned the webhook off (410 Gone, or every attempt of a delivery failed).
  disabled_reason TEXT,
  disabled_at TIMESTAMPTZ,
  created_by TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_list ON webhooks (organization_id, created_at, id);

-- One event for one webhook. (webhook_id, event_id) is unique: a redelivered Kafka message, or two
-- copies consuming around a rebalance, insert nothing new. `state`: pending (due at next_attempt_at),
-- delivering (claimed by a worker until locked_until), succeeded, failed.
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  -- The JSON body, exactly as every attempt sends it.
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INT NOT NULL DEFAULT 0,
  -- Failed attempts since the delivery was (re)scheduled: the position in the retry schedule.
  failures INT NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ,
  locked_until TIMESTAMPTZ,
  last_status_code INT,
  last_error TEXT,
  last_duration_ms INT,
  last_attempt_at TIMESTAMPTZ,
  -- The first 4 KB of the last answer.
  last_response TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, event_id)
);
-- A webhook's due deliveries, oldest first (claims), and its attempts in flight (the per-endpoint limit).
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (webhook_id, next_attempt_at, id) WHERE state IN ('pending', 'delivering');
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, state);
CREATE INDEX webhook_deliveries_list ON webhook_deliveries (webhook_id, created_at DESC, id);
CREATE INDEX webhook_deliveries_retention ON webhook_deliveries (updated_at) WHERE state IN ('succeeded', 'failed');

-- Every attempt of a delivery, as the admins see it in the delivery's log.
CREATE TABLE webhook_delivery_attempts (
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt INT NOT NULL,
  attempted_at TIMESTAMPTZ NOT NULL,
  status_code INT,
  error TEXT,
  duration_ms INT NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);
