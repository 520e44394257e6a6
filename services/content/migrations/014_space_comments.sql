-- Comments on a space's live content (reference: postCommentInSpace) share the table with
-- change-request comments, so one set of rules, replies and reactions serves both kinds: a
-- comment with no change request is on the space's main content.
ALTER TABLE change_request_comments ALTER COLUMN change_request_id DROP NOT NULL;
CREATE INDEX change_request_comments_space_list ON change_request_comments (space_id, posted_at, id) WHERE change_request_id IS NULL;
