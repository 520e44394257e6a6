-- Automatic redirects (issue #35 §2): when a new current revision of a space changes a page's path,
-- sites keep the old address working with a redirect to the page. `origin` tells them from the
-- redirects users make: the automatic rules only ever change or drop `automatic` ones, and a user
-- who edits one makes it theirs (`user`). The partial index finds a page's automatic redirects
-- when the page goes.
ALTER TABLE site_redirects ADD COLUMN origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('user', 'automatic'));
CREATE INDEX site_redirects_automatic_page ON site_redirects ((destination ->> 'siteSpaceId'), (destination ->> 'pageId')) WHERE origin = 'automatic';
