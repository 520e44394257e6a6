-- The audit log (src/modules/audit): one row per recorded state change of an organization,
-- append-only (no route changes or deletes a row; only retention drops old ones). The id is
-- derived from the event's id and the organization, so a redelivered event inserts nothing.
-- Every list reads one organization newest first, optionally narrowed by one exact filter: each
-- filter has its index ending with (occurred_at, id), so a page is an index range scan.
CREATE TABLE IF NOT EXISTS audit_events (
  id UUID PRIMARY KEY,
  organization_id TEXT NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  action TEXT NOT NULL,
  actor_type TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  actor_label TEXT,
  source TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  target_label TEXT,
  execution_id TEXT NOT NULL,
  correlation_id TEXT NOT NULL,
  caused_by UUID,
  schema_version INTEGER NOT NULL,
  payload JSONB NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_events_org_time ON audit_events (organization_id, occurred_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_events_org_action ON audit_events (organization_id, action, occurred_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_events_org_actor ON audit_events (organization_id, actor_id, occurred_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_events_org_target ON audit_events (organization_id, target_id, occurred_at DESC, id DESC);
-- Retention deletes by time across organizations.
CREATE INDEX IF NOT EXISTS audit_events_time ON audit_events (occurred_at);
