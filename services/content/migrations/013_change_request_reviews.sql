-- Reviews of change requests and their enforced merge rules (docs/change-requests.md, Reviews).

-- A space's merge rules (reference MergeRulesSpaceConfiguration): `inherit` takes the
-- organization's, `none` turns them off, `rules` lists its own.
ALTER TABLE spaces ADD COLUMN merge_rules JSONB NOT NULL DEFAULT '{"type":"inherit"}';

-- The change request's description (a JSON document), set when reviewers are requested; the
-- `require_change_request_description` rule reads it.
ALTER TABLE change_requests ADD COLUMN description JSONB;

-- Pending review requests: one per reviewer, at the revision the change request had when asked.
-- Submitting a review fulfils (deletes) the reviewer's request.
CREATE TABLE change_request_review_requests (
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
);

-- Submitted reviews. A newer review or request for the same reviewer sets `outdated` on the
-- earlier ones, so at most one review per reviewer is current.
CREATE TABLE change_request_reviews (
  id TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  reviewer TEXT NOT NULL,
  requested_by TEXT,
  status TEXT NOT NULL CHECK (status IN ('approved', 'changes-requested')),
  revision_id TEXT NOT NULL,
  outdated BOOLEAN NOT NULL DEFAULT false,
  -- The review's optional comment (reference Document), as posted.
  comment JSONB,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX change_request_reviews_list ON change_request_reviews (change_request_id, created_at, id);
