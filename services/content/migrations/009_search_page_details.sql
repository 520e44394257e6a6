-- What a search result tells of its page beyond its sections (today's client, @gitbook/api 0.202.0:
-- SearchPageResult.description and .ancestors): the page's description, and the titles of its
-- ancestors from the top level down. A page's signature now covers its ancestors' titles, so the
-- first reindex of a space after this migration rewrites its pages with both (any change to the
-- space, or `search rebuild`); until then its results answer an empty description and no ancestors.
ALTER TABLE search_pages
  ADD COLUMN description TEXT NOT NULL DEFAULT '',
  ADD COLUMN ancestors TEXT[] NOT NULL DEFAULT '{}';
