-- Space content. A revision is immutable: its `tree` is the manifest of its pages (tree order,
-- slugs, body hashes) and files (blob keys); bodies and blobs are shared between revisions by
-- content hash, so a revision that changes one page writes one body row (docs/content.md).
ALTER TABLE revisions ADD COLUMN type TEXT NOT NULL DEFAULT 'edits';
ALTER TABLE revisions ADD COLUMN tree JSONB NOT NULL DEFAULT '{"pages": [], "files": []}';
ALTER TABLE revisions ADD COLUMN created_by TEXT;
-- Which revisions still use a body or a blob, when a purge collects what no revision uses.
CREATE INDEX revisions_tree ON revisions USING GIN (tree jsonb_path_ops);

-- Page bodies (markdown), content-addressed by the SHA-256 of the text. `links` lists the link
-- and image targets written in the body, extracted once when the body is first stored.
CREATE TABLE page_bodies (
  hash TEXT PRIMARY KEY,
  markdown TEXT NOT NULL,
  links JSONB NOT NULL DEFAULT '[]',
  -- Refreshed whenever a new revision uses the body again: what is touched recently is never collected.
  touched_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The blobs content has stored (in either blob store), so that a purge can find those no revision
-- uses any more. `touched_at` is refreshed whenever an import uses the blob again.
CREATE TABLE content_blobs (
  key TEXT PRIMARY KEY,
  touched_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
