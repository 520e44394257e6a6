-- E-mail invites (reference: inviteUsersToOrganization) to addresses that have no user yet. The
-- invite becomes a membership in the transaction that creates the user (domain/users.ts), then goes.
CREATE TABLE invites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email TEXT NOT NULL,                   -- stored lower-case, like users.email
  role TEXT NOT NULL,
  invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (organization_id, email)
);
CREATE INDEX invites_email ON invites (email);

-- Invite links (reference: InviteLinkToOrganization). The link's secret is shown once, at creation;
-- only its SHA-256 is kept, like API tokens, so a database leak does not hand out memberships.
CREATE TABLE link_invites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX link_invites_organization ON link_invites (organization_id, created_at, id);

-- GET /email-domains/{domain}/orgs looks organizations up by one of their e-mail domains.
CREATE INDEX organizations_email_domains ON organizations USING GIN (email_domains);
