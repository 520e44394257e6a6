-- Bounded ranking for broad searches (issue #13). A word found on nearly every page must not make
-- a search rank every section of the organization, so a search reads at most a fixed number of
-- candidates from each of three tiers — sections whose page title matches, whose heading
-- matches, and any match — and ranks only those (store/search.store.ts). The first two tiers
-- need their own small vectors and GIN indexes: the full `document` cannot tell, through its
-- index, which weight a word was found under.
ALTER TABLE search_sections
  ADD COLUMN title_document TSVECTOR GENERATED ALWAYS AS (
    CASE WHEN position = 0 THEN to_tsvector('english', page_title) || to_tsvector('simple', page_title) ELSE ''::tsvector END
  ) STORED,
  ADD COLUMN heading_document TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', heading) || to_tsvector('simple', heading)) STORED;

-- No pending list: GIN's fast update queues new entries in a list every search then reads in
-- full until VACUUM flushes it, and PGlite (embedded mode) never vacuums by itself — measured, a
-- search read 3× slower after imports. Writes update the index at once instead.
CREATE INDEX search_sections_title ON search_sections USING GIN (title_document) WITH (fastupdate = off);
CREATE INDEX search_sections_heading ON search_sections USING GIN (heading_document) WITH (fastupdate = off);
ALTER INDEX search_sections_document SET (fastupdate = off);
SELECT gin_clean_pending_list('search_sections_document'::regclass);
