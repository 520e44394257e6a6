-- The columns the aggregate query reads beyond the first version (src/domain/event-row.ts), with
-- the same defaults as ClickHouse's, so rows written before read as "not recorded".
ALTER TABLE insights_events
  ADD COLUMN IF NOT EXISTS display_context TEXT NOT NULL DEFAULT 'site',
  ADD COLUMN IF NOT EXISTS referrer_domain TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS utm_source TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS utm_medium TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS utm_campaign TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS utm_term TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS utm_content TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS geo_lat DOUBLE PRECISION NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS geo_lon DOUBLE PRECISION NOT NULL DEFAULT 0,
  -- An H3 index (< 2^63: its top bit is reserved), so a signed BIGINT holds it.
  ADD COLUMN IF NOT EXISTS geo_h3 BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS link_target_kind TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS link_target_value TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS link_target_domain TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS link_position TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS api_operation_path TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS api_operation_method TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS feedback_rating TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS feedback_comment TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS ask_rating SMALLINT NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS ad_domain TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS ad_placement TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS trademark_placement TEXT NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS visitor_claim_keys TEXT[] NOT NULL DEFAULT '{}',
  ADD COLUMN IF NOT EXISTS visitor_claim_values TEXT[] NOT NULL DEFAULT '{}';
