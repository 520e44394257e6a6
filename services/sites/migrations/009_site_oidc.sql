-- OpenID Connect sign-in for readers of a visitor-auth site (docs/sites.md, Reader sign-in with
-- OpenID Connect), one row per site. The client secret is sealed like the visitor-auth signing key
-- (AES-256-GCM under INTERNAL_SECRET). The provider's endpoints are those its discovery document
-- named when the configuration was saved, so a sign-in never waits on discovery.
CREATE TABLE site_oidc (
  site_id TEXT PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_secret_sealed TEXT NOT NULL,
  scopes TEXT[] NOT NULL,
  claims TEXT[] NOT NULL,
  authorization_endpoint TEXT NOT NULL,
  token_endpoint TEXT NOT NULL,
  jwks_uri TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
