-- Git Sync (docs/content.md, Git Sync). One row per operation (an import or an export), run as a job
-- from content.jobs; at most one `running` operation per space (the partial unique index), so a
-- second request while one runs is refused (409). The remote URL is kept only while the operation
-- runs, sealed (AES-GCM, key derived from INTERNAL_SECRET), and cleared when it ends; `remote` is the
-- URL with any credentials redacted.
CREATE TABLE git_sync_operations (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL,
  direction TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'running',
  stage TEXT NOT NULL DEFAULT 'repo_fetch',
  dispatched_tasks INT NOT NULL DEFAULT 0,
  completed_tasks INT NOT NULL DEFAULT 0,
  remote TEXT NOT NULL,
  remote_sealed TEXT,
  ref TEXT NOT NULL,
  -- The request's other fields (commitMessage, repoProjectDirectory, timestamp, force, standalone, …).
  options JSONB NOT NULL DEFAULT '{}',
  created_by TEXT NOT NULL,
  revision_id TEXT,
  commit_id TEXT,
  error TEXT,
  started_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  completed_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX git_sync_operations_one_running ON git_sync_operations (space_id) WHERE state = 'running';
CREATE INDEX git_sync_operations_latest ON git_sync_operations (space_id, started_at DESC);

-- What a space is synced with (GitSyncState, Space.gitSync): written when an operation starts, with
-- the last commit each direction saw, so an export can tell whether the branch moved since.
CREATE TABLE space_git_sync (
  space_id TEXT PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
  remote TEXT NOT NULL,
  ref TEXT NOT NULL,
  repo_name TEXT NOT NULL,
  provider TEXT,
  tree_url TEXT,
  project_directory TEXT,
  last_commit TEXT,
  last_export_at TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL
);

-- The commit a revision came from or was pushed as (Revision.git) and the blob of each of its pages
-- and files in that commit (`git` on RevisionPage and RevisionFile): annotations of an immutable
-- revision, written by Git Sync.
ALTER TABLE revisions ADD COLUMN git_commit JSONB;
ALTER TABLE revisions ADD COLUMN git_blobs JSONB;
