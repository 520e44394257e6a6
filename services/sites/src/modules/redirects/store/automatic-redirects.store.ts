import { queryRows, type SqlExecutor } from '@quire/platform/sql';
import { redirectOf, type SiteRedirectRow } from './site-redirects.store';
import type { SiteRedirect } from '../model/site-redirect';

// The SQL of the automatic rules (application/apply-page-moves.ts): they only ever drop redirects
// of origin `automatic`, never one a user made.

/** Drops the site's automatic redirects (live) whose canonical source is among `keys`. */
export async function deleteAutomaticRedirectsByKeys(tx: SqlExecutor, siteId: string, keys: readonly string[]): Promise<SiteRedirect[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<SiteRedirectRow>(
    tx,
    `DELETE FROM site_redirects WHERE site_id = $1 AND NOT draft AND origin = 'automatic' AND source_key = ANY($2::text[]) RETURNING *`,
    [siteId, [...keys]],
  );
  return rows.map(redirectOf);
}

/** Drops the automatic redirects to pages of a site space (index site_redirects_automatic_page). */
export async function deleteAutomaticRedirectsToPages(tx: SqlExecutor, siteSpaceId: string, pageIds: readonly string[]): Promise<SiteRedirect[]> {
  if (pageIds.length === 0) return [];
  const rows = await queryRows<SiteRedirectRow>(
    tx,
    `DELETE FROM site_redirects WHERE origin = 'automatic' AND destination ->> 'siteSpaceId' = $1 AND destination ->> 'pageId' = ANY($2::text[]) RETURNING *`,
    [siteSpaceId, [...pageIds]],
  );
  return rows.map(redirectOf);
}
