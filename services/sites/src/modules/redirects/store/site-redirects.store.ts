import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteRedirectsTable } from '../../../database';
import type { RedirectDestination, RedirectOrder, RedirectOrigin, SiteRedirect, SiteRedirectFields } from '../model/site-redirect';

const table = (db: SqlExecutor) => typedSql<Database>(db);

export function redirectOf(row: Selectable<SiteRedirectsTable>): SiteRedirect {
  return {
    id: row.id,
    siteId: row.site_id,
    source: row.source,
    key: row.source_key,
    draft: row.draft,
    captureWildcard: row.capture_wildcard,
    permanent: row.permanent,
    // Only this module writes these columns: a RedirectDestination as JSON, a RedirectOrigin.
    destination: (typeof row.destination === 'string' ? JSON.parse(row.destination) : row.destination) as RedirectDestination,
    origin: row.origin as RedirectOrigin,
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
  const row = await table(db)
    .insertInto('site_redirects')
    .values({
      id,
      site_id: siteId,
      source: fields.source,
      source_key: fields.key,
      draft: fields.draft,
      capture_wildcard: fields.captureWildcard,
      permanent: fields.permanent,
      destination: JSON.stringify(fields.destination),
      created_at: now,
      origin,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return redirectOf(row);
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
  const row = await table(db)
    .updateTable('site_redirects')
    .set({
      source: fields.source,
      source_key: fields.key,
      draft: fields.draft,
      capture_wildcard: fields.captureWildcard,
      permanent: fields.permanent,
      destination: JSON.stringify(fields.destination),
      updated_at: now,
      origin,
    })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? redirectOf(row) : null;
}

export async function findRedirect(db: SqlExecutor, siteId: string, id: string): Promise<SiteRedirect | null> {
  const row = await table(db).selectFrom('site_redirects').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return row ? redirectOf(row) : null;
}

/** The redirect of the site with this canonical key, live or draft (one index probe). */
export async function findRedirectByKey(db: SqlExecutor, siteId: string, draft: boolean, key: string): Promise<SiteRedirect | null> {
  const row = await table(db)
    .selectFrom('site_redirects')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('draft', '=', draft)
    .where('source_key', '=', key)
    .executeTakeFirst();
  return row ? redirectOf(row) : null;
}

/**
 * The redirects whose key is among `keys` (a probe list from redirectCandidates): one probe of the
 * unique index (site_id, draft, source_key) per key, whatever the number of the site's redirects.
 * Written as a LATERAL lookup per key, not `source_key = ANY($3)`: without statistics (PGlite has no
 * autovacuum) the planner answered ANY by reading every redirect of the site through the
 * (site_id, draft, created_at) index and filtering them, 2× slower at 10,000 redirects (bench/redirects.js).
 */
export const redirectsByKeysQuery = (siteId: string, draft: boolean, keys: readonly string[]): ReturnType<typeof sql<Selectable<SiteRedirectsTable>>> =>
  sql<Selectable<SiteRedirectsTable>>`SELECT r.* FROM unnest(${[...keys]}::text[]) AS k(key)
    CROSS JOIN LATERAL (SELECT * FROM site_redirects WHERE site_id = ${siteId} AND draft = ${draft} AND source_key = k.key LIMIT 1) r`;

export async function findRedirectsByKeys(db: SqlExecutor, siteId: string, draft: boolean, keys: readonly string[]): Promise<SiteRedirect[]> {
  if (keys.length === 0) return [];
  const { rows } = await redirectsByKeysQuery(siteId, draft, keys).execute(table(db));
  return rows.map(redirectOf);
}

export async function deleteRedirect(db: SqlExecutor, siteId: string, id: string): Promise<SiteRedirect | null> {
  const row = await table(db).deleteFrom('site_redirects').where('site_id', '=', siteId).where('id', '=', id).returningAll().executeTakeFirst();
  return row ? redirectOf(row) : null;
}

const ORDER = {
  createdAt: sql`created_at DESC, id DESC`,
  updatedAt: sql`COALESCE(updated_at, created_at) DESC, id DESC`,
  source: sql`source_key, id`,
} satisfies Record<RedirectOrder, unknown>;

/** A site's live or draft redirects; `search` keeps those whose source holds it (any case). */
export async function listRedirects(
  db: SqlExecutor,
  siteId: string,
  filter: { draft: boolean; search?: string; orderBy: RedirectOrder },
  page: PageRequest,
): Promise<Paged<SiteRedirect>> {
  const { search } = filter;
  let query = table(db).selectFrom('site_redirects').selectAll().where('site_id', '=', siteId).where('draft', '=', filter.draft);
  if (search !== undefined) query = query.where(sql<boolean>`strpos(lower(source), lower(${search})) > 0`);
  const { rows, total } = await pagedSelect(query.orderBy(ORDER[filter.orderBy]), page);
  return { rows: rows.map(redirectOf), total };
}
