import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import { redirectOf } from './site-redirects.store';
import type { SiteRedirect } from '../model/site-redirect';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// The SQL of the automatic rules (application/apply-page-moves.ts): they only ever drop redirects
// of origin `automatic`, never one a user made.

/** Drops the site's automatic redirects (live) whose canonical source is among `keys`. */
export async function deleteAutomaticRedirectsByKeys(tx: SqlExecutor, siteId: string, keys: readonly string[]): Promise<SiteRedirect[]> {
  if (keys.length === 0) return [];
  const rows = await table(tx)
    .deleteFrom('site_redirects')
    .where('site_id', '=', siteId)
    .where('draft', '=', false)
    .where('origin', '=', 'automatic')
    .where(sql<boolean>`source_key = ANY(${[...keys]}::text[])`)
    .returningAll()
    .execute();
  return rows.map(redirectOf);
}

/** Drops the automatic redirects to pages of a site space (index site_redirects_automatic_page). */
export async function deleteAutomaticRedirectsToPages(tx: SqlExecutor, siteSpaceId: string, pageIds: readonly string[]): Promise<SiteRedirect[]> {
  if (pageIds.length === 0) return [];
  const rows = await table(tx)
    .deleteFrom('site_redirects')
    .where('origin', '=', 'automatic')
    .where(sql<boolean>`destination ->> 'siteSpaceId' = ${siteSpaceId} AND destination ->> 'pageId' = ANY(${[...pageIds]}::text[])`)
    .returningAll()
    .execute();
  return rows.map(redirectOf);
}
