-- Collections group spaces and may nest; siblings are ordered by a fractional key (`position`)
-- so a move writes one row. `organization_id` scopes every row.
CREATE TABLE collections (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  parent_id TEXT REFERENCES collections (id) ON DELETE CASCADE,
  title TEXT NOT NULL DEFAULT '',
  description TEXT,
  default_level TEXT NOT NULL DEFAULT 'read',
  position TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX collections_siblings ON collections (organization_id, parent_id, position);

CREATE TABLE spaces (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  parent_id TEXT REFERENCES collections (id) ON DELETE SET NULL,
  title TEXT NOT NULL DEFAULT '',
  emoji TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'private',
  default_level TEXT NOT NULL DEFAULT 'read',
  edit_mode TEXT NOT NULL DEFAULT 'live',
  position TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  created_by TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  deleted_at TIMESTAMPTZ
);
CREATE INDEX spaces_siblings ON spaces (organization_id, parent_id, position) WHERE deleted_at IS NULL;
CREATE INDEX spaces_deleted ON spaces (deleted_at) WHERE deleted_at IS NOT NULL;

-- Content versions of a space; every space starts with one empty revision. Pages and files
-- arrive with the space-content work.
CREATE TABLE revisions (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  parents TEXT[] NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX revisions_space ON revisions (space_id);
