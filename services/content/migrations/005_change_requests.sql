-- Change requests: branches of a space's content. A change request points at its own revision
-- (`revision_id`, immutable revisions shared with the space by hash), so creating one copies no
-- page. `number` is incremental per space, taken from `spaces.change_request_seq` under the space
-- row's lock (unique also under concurrent creates).
ALTER TABLE spaces ADD COLUMN change_request_seq INT NOT NULL DEFAULT 0;

CREATE TABLE change_requests (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  number INT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  subject TEXT NOT NULL DEFAULT '',
  created_by TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  revision_initial TEXT NOT NULL,
  revision_merged_ancestor TEXT,
  revision_merged TEXT,
  -- Pages an update left with conflict markers: page id -> the body hash holding them. A page is
  -- still conflicted while its body is that hash; merging is refused until none is.
  conflicts JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (space_id, number)
);
CREATE INDEX change_requests_by_status ON change_requests (space_id, status, number DESC);

-- Who wrote content into a change request (its creator and every importer): the `contributor` filter.
CREATE TABLE change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
);
CREATE INDEX change_request_contributors_user ON change_request_contributors (user_id);

-- Comments on a change request, optionally on one page (and node) of its revision. Bodies are
-- stored as markdown. `resolved_at`/`resolved_by` set together.
CREATE TABLE change_request_comments (
  id TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  posted_by TEXT NOT NULL,
  body TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  page_id TEXT,
  node_id TEXT,
  posted_at TIMESTAMPTZ NOT NULL,
  edited_at TIMESTAMPTZ,
  resolved_at TIMESTAMPTZ,
  resolved_by TEXT
);
CREATE INDEX change_request_comments_list ON change_request_comments (change_request_id, posted_at, id);
-- Open comments counted per space (Space.comments) and per change request.
CREATE INDEX change_request_comments_open ON change_request_comments (space_id) WHERE resolved_at IS NULL;

CREATE TABLE change_request_comment_replies (
  id TEXT PRIMARY KEY,
  comment_id TEXT NOT NULL REFERENCES change_request_comments (id) ON DELETE CASCADE,
  posted_by TEXT NOT NULL,
  body TEXT NOT NULL,
  posted_at TIMESTAMPTZ NOT NULL,
  edited_at TIMESTAMPTZ
);
CREATE INDEX change_request_comment_replies_list ON change_request_comment_replies (comment_id, posted_at, id);

-- Emoji reactions on comments and replies (`subject_id` is either's id): one per user per emoji.
CREATE TABLE comment_reactions (
  subject_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  emoji TEXT NOT NULL,
  reacted_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (subject_id, emoji, user_id)
);

-- A merge revision names the change request it merged (reference: Revision.mergedFrom).
ALTER TABLE revisions ADD COLUMN merged_from TEXT;
