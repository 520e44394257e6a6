import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { RedirectDestination, RedirectOrder, RedirectOrigin, SiteRedirect, SiteRedirectFields } from '../model/site-redirect';

export interface SiteRedirectRow {
  id: string;
  site_id: string;
  source: string;
  source_key: string;
  draft: boolean;
  capture_wildcard: boolean;
  permanent: boolean;
  destination: RedirectDestination | string;
  origin: RedirectOrigin;
  created_at: Date;
  updated_at: Date | null;
}

export function redirectOf(row: SiteRedirectRow): SiteRedirect {
  return {
    id: row.id,
    siteId: row.site_id,
    source: row.source,
    key: row.source_key,
    draft: row.draft,
    captureWildcard: row.capture_wildcard,
    permanent: row.permanent,
    destination: typeof row.destination === 'string' ? (JSON.parse(row.destination) as RedirectDestination) : row.destination,
    origin: row.origin,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertRedirect(
  db: SqlExecutor,
  id: string,
  siteId: string,
  fields: SiteRedirectFields,
  now: Date,
  origin: RedirectOrigin = 'user',
): Promise<SiteRedirect> {
  return redirectOf(
    await insertedRow<SiteRedirectRow>(
      db,
      `INSERT INTO site_redirects (id, site_id, source, source_key, draft, capture_wildcard, permanent, destination, created_at, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [id, siteId, fields.source, fields.key, fields.draft, fields.captureWildcard, fields.permanent, JSON.stringify(fields.destination), now, origin],
    ),
  );
}

/** Replaces a redirect's fields; null when the site has no such redirect. A user's change makes an automatic redirect theirs (`origin`). */
export async function updateRedirect(
  db: SqlExecutor,
  siteId: string,
  id: string,
  fields: SiteRedirectFields,
  now: Date,
  origin: RedirectOrigin = 'user',
): Promise<SiteRedirect | null> {
  const row = await queryOne<SiteRedirectRow>(
    db,
    `UPDATE site_redirects SET source = $3, source_key = $4, draft = $5, capture_wildcard = $6, permanent = $7, destination = $8, updated_at = $9, origin = $10
     WHERE site_id = $1 AND id = $2 RETURNING *`,
    [siteId, id, fields.source, fields.key, fields.draft, fields.captureWildcard, fields.permanent, JSON.stringify(fields.destination), now, origin],
  );
  return row && redirectOf(row);
}

export async function findRedirect(db: SqlExecutor, siteId: string, id: string): Promise<SiteRedirect | null> {
  const row = await queryOne<SiteRedirectRow>(db, 'SELECT * FROM site_redirects WHERE site_id = $1 AND id = $2', [siteId, id]);
  return row && redirectOf(row);
}

/** The redirect of the site with this canonical key, live or draft (one index probe). */
export async function findRedirectByKey(db: SqlExecutor, siteId: string, draft: boolean, key: string): Promise<SiteRedirect | null> {
  const row = await queryOne<SiteRedirectRow>(db, 'SELECT * FROM site_redirects WHERE site_id = $1 AND draft = $2 AND source_key = $3', [siteId, draft, key]);
  return row && redirectOf(row);
}

/**
 * The redirects whose key is among `keys` (a probe list from redirectCandidates): one probe of the
 * unique index (site_id, draft, source_key) per key, whatever the number of the site's redirects.
 * Written as a LATERAL lookup per key, not `source_key = ANY($3)`: without statistics (PGlite has no
 * autovacuum) the planner answered ANY by reading every redirect of the site through the
 * (site_id, draft, created_at) index and filtering them, 2× slower at 10,000 redirects (bench/redirects.js).
 */
export const PROBE_SQL = `SELECT r.* FROM unnest($3::text[]) AS k(key)
  CROSS JOIN LATERAL (SELECT * FROM site_redirects WHERE site_id = $1 AND draft = $2 AND source_key = k.key LIMIT 1) r`;

export async function findRedirectsByKeys(db: SqlExecutor, siteId: string, draft: boolean, keys: readonly string[]): Promise<SiteRedirect[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<SiteRedirectRow>(db, PROBE_SQL, [siteId, draft, keys]);
  return rows.map(redirectOf);
}

export async function deleteRedirect(db: SqlExecutor, siteId: string, id: string): Promise<SiteRedirect | null> {
  const row = await queryOne<SiteRedirectRow>(db, 'DELETE FROM site_redirects WHERE site_id = $1 AND id = $2 RETURNING *', [siteId, id]);
  return row && redirectOf(row);
}

const ORDER: Record<RedirectOrder, string> = {
  createdAt: 'created_at DESC, id DESC',
  updatedAt: 'COALESCE(updated_at, created_at) DESC, id DESC',
  source: 'source_key, id',
};

/** A site's live or draft redirects; `search` keeps those whose source holds it (any case). */
export async function listRedirects(
  db: SqlExecutor,
  siteId: string,
  filter: { draft: boolean; search?: string; orderBy: RedirectOrder },
  page: PageRequest,
): Promise<Paged<SiteRedirect>> {
  const matching = filter.search === undefined ? '' : ' AND strpos(lower(source), lower($3)) > 0';
  const params: unknown[] = [siteId, filter.draft];
  if (filter.search !== undefined) params.push(filter.search);
  const { rows, total } = await pagedRows<SiteRedirectRow>(
    db,
    { select: '*', from: `FROM site_redirects WHERE site_id = $1 AND draft = $2${matching}`, orderBy: ORDER[filter.orderBy], params },
    page,
  );
  return { rows: rows.map(redirectOf), total };
}
