-- Visitor authentication (reference SitePublishingAuth) and customization (SiteCustomizationSettings)
-- of a site, one row each per site (issue #35 §4, §5).
-- The visitor-token signing key is stored sealed (AES-256-GCM under INTERNAL_SECRET, see
-- @quire/platform/secrets): a database dump alone cannot sign visitor tokens.
CREATE TABLE site_publishing_auth (
  site_id TEXT PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  backend TEXT NOT NULL DEFAULT 'custom',
  private_key_sealed TEXT NOT NULL,
  fallback_url TEXT,
  logout_url TEXT,
  updated_at TIMESTAMPTZ NOT NULL
);
-- What the site's last updateSiteCustomizationById stored (validated input, defaults laid over it on read).
CREATE TABLE site_customizations (
  site_id TEXT PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  settings JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
