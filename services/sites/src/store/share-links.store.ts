import { insertedRow, pagedRows, type Paged, type PageRequest, type SqlExecutor } from '@quire/common';

export interface ShareLinkRow {
  id: string;
  site_id: string;
  name: string | null;
  share_key: string;
  active: boolean;
  created_at: Date;
}

export async function insertShareLink(db: SqlExecutor, link: { id: string; siteId: string; name: string; shareKey: string }, now: Date): Promise<ShareLinkRow> {
  return insertedRow<ShareLinkRow>(
    db,
    'INSERT INTO site_share_links (id, site_id, name, share_key, active, created_at) VALUES ($1, $2, $3, $4, true, $5) RETURNING *',
    [link.id, link.siteId, link.name, link.shareKey, now],
  );
}

export function listShareLinks(db: SqlExecutor, siteId: string, page: PageRequest): Promise<Paged<ShareLinkRow>> {
  return pagedRows<ShareLinkRow>(db, { select: '*', from: 'FROM site_share_links WHERE site_id = $1', orderBy: 'created_at, id', params: [siteId] }, page);
}

/** Sets `active` and/or `name`; null when the site has no such share link. */
export async function updateShareLink(
  db: SqlExecutor,
  siteId: string,
  shareLinkId: string,
  changes: { active?: boolean; name?: string },
): Promise<ShareLinkRow | null> {
  const { rows } = await db.query<ShareLinkRow>(
    `UPDATE site_share_links SET active = COALESCE($3, active), name = COALESCE($4, name)
     WHERE site_id = $1 AND id = $2 RETURNING *`,
    [siteId, shareLinkId, changes.active ?? null, changes.name ?? null],
  );
  return rows[0] ?? null;
}

export async function deleteShareLink(db: SqlExecutor, siteId: string, shareLinkId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM site_share_links WHERE site_id = $1 AND id = $2', [siteId, shareLinkId]);
  return rowCount > 0;
}

/** True when `shareKey` is an active share key of the site. */
export async function isActiveShareKey(db: SqlExecutor, siteId: string, shareKey: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM site_share_links WHERE site_id = $1 AND share_key = $2 AND active', [siteId, shareKey]);
  return rows.length > 0;
}
