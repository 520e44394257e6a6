-- Grants on spaces and collections to users and teams (docs/permissions.md): one role per
-- resource and principal. A grant raises its principal's level on the resource and on everything
-- inside it (a collection's spaces and sub-collections).
CREATE TABLE content_grants (
  resource_kind TEXT NOT NULL CHECK (resource_kind IN ('space', 'collection')),
  resource_id TEXT NOT NULL,
  principal_kind TEXT NOT NULL CHECK (principal_kind IN ('user', 'team')),
  principal_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')),
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (resource_kind, resource_id, principal_kind, principal_id)
);

-- A caller's grants in an organization, loaded once per request for the whole chain or list.
CREATE INDEX content_grants_by_principal ON content_grants (organization_id, principal_kind, principal_id);

-- A null default level makes the content private to its grants (reference DefaultLevel).
ALTER TABLE collections ALTER COLUMN default_level DROP NOT NULL;
ALTER TABLE spaces ALTER COLUMN default_level DROP NOT NULL;
