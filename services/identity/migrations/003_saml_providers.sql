-- SAML identity providers of an organization (reference: OrganizationSAMLProvider).
-- entity_id, certificate and sso_url stay NULL until configured: the provider is "pending" until all three are set.
CREATE TABLE saml_providers (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  entity_id TEXT,
  certificate TEXT,
  sso_url TEXT,
  -- Deleting the team leaves the provider without a default team rather than pointing at nothing.
  default_team_id TEXT REFERENCES teams (id) ON DELETE SET NULL,
  default_role TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX saml_providers_organization ON saml_providers (organization_id, created_at, id);
CREATE INDEX saml_providers_default_team ON saml_providers (default_team_id) WHERE default_team_id IS NOT NULL;
