-- Sites of an organization. Structure: a site has either sections (optionally in section groups)
-- each holding site spaces, or site spaces at its root. Siblings are ordered by fractional keys
-- (`position`, compared with COLLATE "C"; see services/common/src/ordering.ts).
CREATE TABLE sites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'basic',
  title TEXT NOT NULL,
  visibility TEXT NOT NULL DEFAULT 'public',
  published BOOLEAN NOT NULL DEFAULT false,
  hostname TEXT,
  basename TEXT,
  proxy_url TEXT,
  adaptive_content_enabled BOOLEAN NOT NULL DEFAULT false,
  adaptive_schema JSONB,
  adaptive_schema_updated_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sites_organization ON sites (organization_id, created_at, id);

CREATE TABLE site_section_groups (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  icon TEXT,
  position TEXT NOT NULL COLLATE "C",
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX site_section_groups_site ON site_section_groups (site_id, position);

-- Sections and section groups share one ordering at the site's top level (a group takes the place
-- of its first section in navigation); `position` orders sections within their group too.
CREATE TABLE site_sections (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  section_group_id TEXT REFERENCES site_section_groups (id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  description TEXT,
  path TEXT NOT NULL,
  condition TEXT,
  icon TEXT,
  is_default BOOLEAN NOT NULL DEFAULT false,
  position TEXT NOT NULL COLLATE "C",
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX site_sections_site ON site_sections (site_id, position);
-- At most one default section per site.
CREATE UNIQUE INDEX site_sections_one_default ON site_sections (site_id) WHERE is_default;

-- A space attached to a site, at the root (section_id NULL) or in a section. `hidden` is set while
-- the space is deleted in content (restored → shown again); a purge or transfer removes the row.
CREATE TABLE site_spaces (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  section_id TEXT REFERENCES site_sections (id) ON DELETE CASCADE,
  space_id TEXT NOT NULL,
  path TEXT NOT NULL,
  condition TEXT,
  is_default BOOLEAN NOT NULL DEFAULT false,
  hidden BOOLEAN NOT NULL DEFAULT false,
  position TEXT NOT NULL COLLATE "C",
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX site_spaces_site ON site_spaces (site_id, section_id, position);
CREATE INDEX site_spaces_space ON site_spaces (space_id);
-- At most one default site space per section, and one at the root.
CREATE UNIQUE INDEX site_spaces_one_default_in_section ON site_spaces (section_id) WHERE is_default AND section_id IS NOT NULL;
CREATE UNIQUE INDEX site_spaces_one_default_at_root ON site_spaces (site_id) WHERE is_default AND section_id IS NULL;

-- Share links: the key is part of published URLs, so it is kept (like a URL), not hashed.
CREATE TABLE site_share_links (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  name TEXT,
  share_key TEXT NOT NULL UNIQUE,
  active BOOLEAN NOT NULL DEFAULT true,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX site_share_links_site ON site_share_links (site_id, created_at, id);
