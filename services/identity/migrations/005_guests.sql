-- A guest (the reference's MemberRoleOrGuest null) is a member row with no role: someone granted a
-- space, collection or site of an organization they are not a member of. Only their grants give them anything.
ALTER TABLE members ALTER COLUMN role DROP NOT NULL;

-- The grants that keep a guest: content's and sites' permission.updated events, to a user. The
-- guest row goes with the last of them; a real member's rows here only matter if they become a guest.
CREATE TABLE guest_grants (
  organization_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  resource_kind TEXT NOT NULL CHECK (resource_kind IN ('space', 'collection', 'site')),
  resource_id TEXT NOT NULL,
  role TEXT NOT NULL,
  granted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id, resource_kind, resource_id),
  FOREIGN KEY (organization_id, user_id) REFERENCES members (organization_id, user_id) ON DELETE CASCADE
);
