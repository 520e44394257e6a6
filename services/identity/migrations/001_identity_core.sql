CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,            -- stored lower-case
  display_name TEXT NOT NULL,
  photo_url TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- API tokens are shown once; only their SHA-256 is kept (they are 238-bit random, so no slow hash is needed).
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'business',
  use_case TEXT,
  community_type TEXT,
  email_domains TEXT[] NOT NULL DEFAULT '{}',
  hostname TEXT UNIQUE,
  default_role TEXT,
  default_content JSONB,
  logo_url TEXT,
  sso BOOLEAN NOT NULL DEFAULT false,
  ai BOOLEAN NOT NULL DEFAULT false,
  invite_links BOOLEAN NOT NULL DEFAULT false,
  merge_rules JSONB NOT NULL DEFAULT '{"type":"none"}',
  plan TEXT NOT NULL DEFAULT 'free',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE members (
  organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  disabled BOOLEAN NOT NULL DEFAULT false,
  joined_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at TIMESTAMPTZ,
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX members_user ON members (user_id);
