-- The spaces sites publish, as content presents them to an anonymous reader: resolving a published
-- URL reads them here instead of asking content on every visit. Kept fresh by the content-events
-- consumer (each space event re-reads the space from content); filled once, on first use, for a
-- space no event has brought yet. `live` is false for a deleted space (its last presentation kept).
CREATE TABLE published_spaces (
  space_id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  live BOOLEAN NOT NULL,
  revision TEXT NOT NULL,
  -- json, not jsonb: the text is kept as content wrote it, so its fields keep their order (siteVersion hashes it).
  space JSON NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
