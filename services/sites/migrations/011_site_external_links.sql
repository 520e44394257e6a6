-- External links of a site's navigation (reference SiteExternalLink): at the top level, ordered with
-- sections and section groups, or inside a group, ordered with its sections. A deleted group puts its
-- links back at the top level (application/delete-section-group.ts); SET NULL is the fallback.
CREATE TABLE site_external_links (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  section_group_id TEXT REFERENCES site_section_groups (id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  localized_title JSONB,
  description TEXT,
  localized_description JSONB,
  icon TEXT,
  url TEXT NOT NULL,
  draft BOOLEAN NOT NULL DEFAULT false,
  condition TEXT,
  position TEXT NOT NULL COLLATE "C",
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX site_external_links_site ON site_external_links (site_id, position);
