-- SCIM provisioning (docs/identity.md, "SCIM provisioning").
-- A connection is one identity provider's door into an organization: its bearer token is shown
-- once and only its SHA-256 is kept (random like API tokens, so no slow hash is needed).
CREATE TABLE scim_connections (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('okta', 'entra', 'generic')),
  token_hash TEXT NOT NULL UNIQUE,
  token_hint TEXT NOT NULL,
  token_created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ,
  -- The organization role of a provisioned user, unless a group they are in maps to a higher one.
  default_role TEXT NOT NULL DEFAULT 'read',
  -- Group display name → organization role.
  group_roles JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX scim_connections_organization ON scim_connections (organization_id, created_at, id);

-- A SCIM User: a Quire user seen through one connection. The SCIM id is the user id; `resource`
-- keeps the attributes the provider sent (minus id and meta), answered back as sent (RFC 7643 §2).
CREATE TABLE scim_users (
  connection_id TEXT NOT NULL REFERENCES scim_connections (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_name TEXT NOT NULL,
  active BOOLEAN NOT NULL DEFAULT true,
  resource JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, user_id)
);
-- userName is unique per service provider, case-insensitively (RFC 7643 §4.1.1).
CREATE UNIQUE INDEX scim_users_user_name ON scim_users (connection_id, lower(user_name));

-- A SCIM Group: a team provisioned through one connection (its SCIM id is the team id). Members
-- are the team's members; `resource` keeps the other attributes sent.
CREATE TABLE scim_groups (
  connection_id TEXT NOT NULL REFERENCES scim_connections (id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  display_name TEXT NOT NULL,
  resource JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, team_id)
);
CREATE INDEX scim_groups_team ON scim_groups (team_id);

-- 'scim': the team's members follow the identity provider; the team routes refuse to change them.
ALTER TABLE teams ADD COLUMN provisioned_by TEXT;
