-- Ordering keys (services/common ordering.ts) must compare byte by byte whatever the database's
-- locale, so `position` uses the "C" collation (the sibling indexes are rebuilt with it).
ALTER TABLE collections ALTER COLUMN position TYPE TEXT COLLATE "C";
ALTER TABLE spaces ALTER COLUMN position TYPE TEXT COLLATE "C";

-- `inherit`: the content adds no cap of its own, members keep their organization role.
ALTER TABLE collections ALTER COLUMN default_level SET DEFAULT 'inherit';
ALTER TABLE spaces ALTER COLUMN default_level SET DEFAULT 'inherit';

-- A space shows an emoji or an icon (reference: updateSpaceById, Space.urls.icon).
ALTER TABLE spaces ADD COLUMN icon_url TEXT;

-- Deleted spaces keep their place among siblings (a restore brings them back there), so the
-- sibling index covers them too.
DROP INDEX spaces_siblings;
CREATE INDEX spaces_siblings ON spaces (organization_id, parent_id, position);

-- Walking a collection's sub-tree (the sibling index leads with the organization).
CREATE INDEX collections_parent ON collections (parent_id);
