-- Full-text search over each space's current revision (issue #13). One row per section of a
-- document page: the page's title and description (position 0), then one row per heading. The
-- rows are derived data, rebuilt from revisions by the search-index consumer (or the CLI), so
-- they hold no foreign key: a purged space's rows go when its event is applied.
--
-- Each text is indexed twice: English (stemmed: "installing" finds "install") and `simple` (as
-- typed: code identifiers and names such as getUserById). Weights rank a hit in the page title
-- (A) above one in a heading (B) above one in a body (C).
CREATE TABLE search_sections (
  space_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  position INT NOT NULL,
  anchor TEXT NOT NULL,
  page_title TEXT NOT NULL,
  page_path TEXT NOT NULL,
  heading TEXT NOT NULL,
  body TEXT NOT NULL,
  document TSVECTOR GENERATED ALWAYS AS (
    setweight(to_tsvector('english', CASE WHEN position = 0 THEN page_title ELSE '' END), 'A')
    || setweight(to_tsvector('simple', CASE WHEN position = 0 THEN page_title ELSE '' END), 'A')
    || setweight(to_tsvector('english', heading), 'B')
    || setweight(to_tsvector('simple', heading), 'B')
    || setweight(to_tsvector('english', body), 'C')
    || setweight(to_tsvector('simple', body), 'C')
  ) STORED,
  PRIMARY KEY (space_id, page_id, position)
);
-- Searches are driven by the GIN index alone: an index on organization_id would tempt the planner
-- (PGlite collects no statistics by itself) into checking every section of the organization.
CREATE INDEX search_sections_document ON search_sections USING GIN (document);

-- What each indexed page was indexed from (title, description, path and body hash, hashed): a
-- reindex compares it with the current revision and rewrites only the pages that changed.
CREATE TABLE search_pages (
  space_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  signature TEXT NOT NULL,
  PRIMARY KEY (space_id, page_id)
);
