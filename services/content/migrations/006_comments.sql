-- A comment posted on a cell of a table block (reference: PostCommentSchema.tableCell,
-- TableCellTarget { record, definition }); null for every other comment.
ALTER TABLE change_request_comments ADD COLUMN table_cell JSONB;
