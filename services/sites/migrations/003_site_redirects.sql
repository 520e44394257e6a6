-- Site redirects (issue #35 §2, reference SiteRedirect). `source` is kept as written; `source_key`
-- is its canonical form (@quire/publishing parseRedirectSource): what lookups probe. A live and a
-- draft redirect may share a source (bulk `intent: draft` then `publish`), two of one kind may not.
-- The unique index is the lookup: getSiteRedirectBySource probes it once per candidate key of the
-- request path (site_id, draft, source_key), never scanning the site's redirects.
CREATE TABLE site_redirects (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  source_key TEXT NOT NULL,
  draft BOOLEAN NOT NULL DEFAULT false,
  capture_wildcard BOOLEAN NOT NULL DEFAULT false,
  permanent BOOLEAN NOT NULL DEFAULT false,
  destination JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX site_redirects_source ON site_redirects (site_id, draft, source_key);
CREATE INDEX site_redirects_created ON site_redirects (site_id, draft, created_at, id);
