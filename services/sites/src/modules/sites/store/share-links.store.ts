import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { ShareLink } from '../model/share-link';

interface ShareLinkRow {
  id: string;
  site_id: string;
  name: string | null;
  share_key: string;
  active: boolean;
  created_at: Date;
}

function shareLinkOf(row: ShareLinkRow): ShareLink {
  return { id: row.id, siteId: row.site_id, name: row.name, shareKey: row.share_key, active: row.active, createdAt: row.created_at };
}

export async function insertShareLink(db: SqlExecutor, link: { id: string; siteId: string; name: string; shareKey: string }, now: Date): Promise<ShareLink> {
  return shareLinkOf(
    await insertedRow<ShareLinkRow>(
      db,
      'INSERT INTO site_share_links (id, site_id, name, share_key, active, created_at) VALUES ($1, $2, $3, $4, true, $5) RETURNING *',
      [link.id, link.siteId, link.name, link.shareKey, now],
    ),
  );
}

/** A site's share links, oldest first; `search` keeps those whose name (any case) or key holds it. */
export async function listShareLinks(db: SqlExecutor, siteId: string, page: PageRequest, search?: string): Promise<Paged<ShareLink>> {
  const matching = search === undefined ? '' : ' AND (strpos(lower(name), lower($2)) > 0 OR strpos(share_key, $2) > 0)';
  const { rows, total } = await pagedRows<ShareLinkRow>(
    db,
    {
      select: '*',
      from: `FROM site_share_links WHERE site_id = $1${matching}`,
      orderBy: 'created_at, id',
      params: search === undefined ? [siteId] : [siteId, search],
    },
    page,
  );
  return { rows: rows.map(shareLinkOf), total };
}

/** Sets `active` and/or `name`; null when the site has no such share link. */
export async function updateShareLink(
  db: SqlExecutor,
  siteId: string,
  shareLinkId: string,
  changes: { active?: boolean; name?: string },
): Promise<ShareLink | null> {
  const row = await queryOne<ShareLinkRow>(
    db,
    `UPDATE site_share_links SET active = COALESCE($3, active), name = COALESCE($4, name)
     WHERE site_id = $1 AND id = $2 RETURNING *`,
    [siteId, shareLinkId, changes.active ?? null, changes.name ?? null],
  );
  return row && shareLinkOf(row);
}

export async function deleteShareLink(db: SqlExecutor, siteId: string, shareLinkId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM site_share_links WHERE site_id = $1 AND id = $2', [siteId, shareLinkId]);
  return rowCount > 0;
}

/** True when `shareKey` is an active share key of the site. */
export async function isActiveShareKey(db: SqlExecutor, siteId: string, shareKey: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM site_share_links WHERE site_id = $1 AND share_key = $2 AND active', [siteId, shareKey])) !== null;
}

/** The site's active share keys: one audience (and access stamp) each. */
export async function listActiveShareKeys(db: SqlExecutor, siteId: string): Promise<string[]> {
  const rows = await queryRows<{ share_key: string }>(db, 'SELECT share_key FROM site_share_links WHERE site_id = $1 AND active ORDER BY share_key', [siteId]);
  return rows.map((row) => row.share_key);
}
