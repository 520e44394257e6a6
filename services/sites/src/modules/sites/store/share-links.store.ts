import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteShareLinksTable } from '../../../database';
import type { ShareLink } from '../model/share-link';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function shareLinkOf(row: Selectable<SiteShareLinksTable>): ShareLink {
  return { id: row.id, siteId: row.site_id, name: row.name, shareKey: row.share_key, active: row.active, createdAt: row.created_at };
}

export async function insertShareLink(db: SqlExecutor, link: { id: string; siteId: string; name: string; shareKey: string }, now: Date): Promise<ShareLink> {
  const row = await table(db)
    .insertInto('site_share_links')
    .values({ id: link.id, site_id: link.siteId, name: link.name, share_key: link.shareKey, active: true, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return shareLinkOf(row);
}

/** A site's share links, oldest first; `search` keeps those whose name (any case) or key holds it. */
export async function listShareLinkRows(db: SqlExecutor, siteId: string, page: PageRequest, search?: string): Promise<Paged<ShareLink>> {
  let query = table(db).selectFrom('site_share_links').selectAll().where('site_id', '=', siteId);
  if (search !== undefined) query = query.where(sql<boolean>`(strpos(lower(name), lower(${search})) > 0 OR strpos(share_key, ${search}) > 0)`);
  const { rows, total } = await pagedSelect(query.orderBy('created_at').orderBy('id'), page);
  return { rows: rows.map(shareLinkOf), total };
}

/** Sets `active` and/or `name`; null when the site has no such share link. */
export async function updateShareLinkRow(
  db: SqlExecutor,
  siteId: string,
  shareLinkId: string,
  changes: { active?: boolean; name?: string },
): Promise<ShareLink | null> {
  const row = await table(db)
    .updateTable('site_share_links')
    // Always a SET clause (active = active when unchanged), so an empty PATCH still answers the row.
    .set((eb) => ({ active: changes.active ?? eb.ref('active'), name: changes.name }))
    .where('site_id', '=', siteId)
    .where('id', '=', shareLinkId)
    .returningAll()
    .executeTakeFirst();
  return row ? shareLinkOf(row) : null;
}

export async function deleteShareLinkRow(db: SqlExecutor, siteId: string, shareLinkId: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('site_share_links').where('site_id', '=', siteId).where('id', '=', shareLinkId).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** True when `shareKey` is an active share key of the site. */
export async function isActiveShareKey(db: SqlExecutor, siteId: string, shareKey: string): Promise<boolean> {
  const row = await table(db)
    .selectFrom('site_share_links')
    .select('id')
    .where('site_id', '=', siteId)
    .where('share_key', '=', shareKey)
    .where('active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** The site's active share keys: one audience (and access stamp) each. */
export async function listActiveShareKeys(db: SqlExecutor, siteId: string): Promise<string[]> {
  const rows = await table(db)
    .selectFrom('site_share_links')
    .select('share_key')
    .where('site_id', '=', siteId)
    .where('active', '=', true)
    .orderBy('share_key')
    .execute();
  return rows.map((row) => row.share_key);
}
