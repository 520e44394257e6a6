-- Site permissions (reference tag site-permissions): the roles granted on a site to a user or a
-- team. With the site's default level for members they give a person's level on the site through
-- the one content rule (@quire/access contentAccess, docs/permissions.md). A grant always holds a
-- role: inviting with a null role removes the grant (a null grant would give nothing).
-- `organization_id` is the site's, kept here so that a guest's sites are found without the site row.
CREATE TABLE site_permissions (
  site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  principal_kind TEXT NOT NULL CHECK (principal_kind IN ('user', 'team')),
  principal_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, principal_kind, principal_id)
);
-- A person's (and their teams') grants across the organization's sites: the site list of a guest.
CREATE INDEX site_permissions_principal ON site_permissions (organization_id, principal_kind, principal_id);

-- Reference Site.defaultLevel: `inherit` (members keep their organization role), a role (members
-- are capped at it) or NULL (members get nothing; only grants open the site).
ALTER TABLE sites ADD COLUMN default_level TEXT DEFAULT 'inherit' CHECK (default_level IS NULL OR default_level IN ('inherit', 'admin', 'create', 'review', 'edit', 'comment', 'read'));
