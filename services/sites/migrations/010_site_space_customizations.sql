-- A site space's own customization (reference overrideSiteSpaceCustomizationById): the settings it
-- overrides over its site's, merged field by field on read. Gone with its site space.
CREATE TABLE site_space_customizations (
  site_space_id TEXT PRIMARY KEY REFERENCES site_spaces (id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  settings JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX site_space_customizations_site ON site_space_customizations (site_id);
