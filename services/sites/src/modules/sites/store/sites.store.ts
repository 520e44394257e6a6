import type { PageRequest } from '@quire/input';
import { assignmentsFor, containsPattern, insertedRow, pagedRows, queryOne, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Site, SiteWithCounts } from '../model/site';

interface SiteRow {
  id: string;
  organization_id: string;
  type: string;
  title: string;
  visibility: string;
  published: boolean;
  hostname: string | null;
  basename: string | null;
  proxy_url: string | null;
  adaptive_content_enabled: boolean;
  adaptive_schema: unknown;
  adaptive_schema_updated_at: Date | null;
  agents_context: string;
  created_at: Date;
  updated_at: Date;
}

interface SiteWithCountsRow extends SiteRow {
  site_spaces: number;
}

function siteOf(row: SiteRow): Site {
  return {
    id: row.id,
    organizationId: row.organization_id,
    type: row.type,
    title: row.title,
    visibility: row.visibility,
    published: row.published,
    hostname: row.hostname,
    basename: row.basename,
    proxyUrl: row.proxy_url,
    adaptiveContentEnabled: row.adaptive_content_enabled,
    adaptiveSchema: row.adaptive_schema,
    adaptiveSchemaUpdatedAt: row.adaptive_schema_updated_at,
    agentsContext: row.agents_context,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function siteWithCountsOf(row: SiteWithCountsRow): SiteWithCounts {
  return { ...siteOf(row), siteSpaces: row.site_spaces };
}

export interface SiteListFilter {
  /** Only sites showing this space (a visible site space of it). */
  space?: string;
  /** Case-insensitive "contains" on the title. */
  title?: string;
  published?: boolean;
  types?: readonly string[];
}

/** The fields of a site an update may set (undefined: unchanged; null removes an optional one). */
export interface SiteChanges {
  title?: string;
  visibility?: string;
  basename?: string;
  hostname?: string | null;
  proxyUrl?: string | null;
  adaptiveContentEnabled?: boolean;
  agentsContext?: string;
  published?: boolean;
  adaptiveSchema?: unknown;
  adaptiveSchemaUpdatedAt?: Date;
}

// The columns a site update may set; only these names ever reach the SQL text.
const CHANGE_COLUMNS: Readonly<Record<keyof SiteChanges, string>> = {
  title: 'title',
  visibility: 'visibility',
  basename: 'basename',
  hostname: 'hostname',
  proxyUrl: 'proxy_url',
  adaptiveContentEnabled: 'adaptive_content_enabled',
  agentsContext: 'agents_context',
  published: 'published',
  adaptiveSchema: 'adaptive_schema',
  adaptiveSchemaUpdatedAt: 'adaptive_schema_updated_at',
};

const WITH_COUNTS = `s.*, (SELECT count(*)::int FROM site_spaces ss WHERE ss.site_id = s.id AND NOT ss.hidden) AS site_spaces`;

/** A site of an organization (null when it does not exist or belongs to another organization). */
export async function findSite(db: SqlExecutor, orgId: string, siteId: string): Promise<Site | null> {
  const row = await queryOne<SiteRow>(db, 'SELECT * FROM sites WHERE organization_id = $1 AND id = $2', [orgId, siteId]);
  return row && siteOf(row);
}

export async function findSiteWithCounts(db: SqlExecutor, orgId: string, siteId: string): Promise<SiteWithCounts | null> {
  const row = await queryOne<SiteWithCountsRow>(db, `SELECT ${WITH_COUNTS} FROM sites s WHERE s.organization_id = $1 AND s.id = $2`, [orgId, siteId]);
  return row && siteWithCountsOf(row);
}

/** Locks the site row for the rest of the transaction, so changes of one site apply one after the other. */
export async function lockSite(db: SqlExecutor, orgId: string, siteId: string): Promise<Site | null> {
  const row = await queryOne<SiteRow>(db, 'SELECT * FROM sites WHERE organization_id = $1 AND id = $2 FOR UPDATE', [orgId, siteId]);
  return row && siteOf(row);
}

export async function insertSite(
  db: SqlExecutor,
  site: { id: string; organizationId: string; type: string; title: string; visibility: string },
  now: Date,
): Promise<Site> {
  return siteOf(
    await insertedRow<SiteRow>(
      db,
      'INSERT INTO sites (id, organization_id, type, title, visibility, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *',
      [site.id, site.organizationId, site.type, site.title, site.visibility, now],
    ),
  );
}

/** Sets the given columns and stamps updated_at; null when the site is not in the organization. */
export async function updateSite(db: SqlExecutor, orgId: string, siteId: string, changes: SiteChanges, now: Date): Promise<Site | null> {
  const params: unknown[] = [orgId, siteId, now];
  const values = { ...changes, adaptiveSchema: changes.adaptiveSchema === undefined ? undefined : JSON.stringify(changes.adaptiveSchema) };
  const sets = ['updated_at = $3', ...assignmentsFor(values, CHANGE_COLUMNS, params)];
  const row = await queryOne<SiteRow>(db, `UPDATE sites SET ${sets.join(', ')} WHERE organization_id = $1 AND id = $2 RETURNING *`, params);
  return row && siteOf(row);
}

/** Deletes a site; its structure and share links cascade. */
export async function deleteSite(db: SqlExecutor, orgId: string, siteId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sites WHERE organization_id = $1 AND id = $2', [orgId, siteId]);
  return rowCount > 0;
}

export async function listSites(db: SqlExecutor, orgId: string, filter: SiteListFilter, page: PageRequest): Promise<Paged<SiteWithCounts>> {
  const where = ['s.organization_id = $1'];
  const params: unknown[] = [orgId];
  if (filter.space !== undefined) {
    params.push(filter.space);
    where.push(`EXISTS (SELECT 1 FROM site_spaces f WHERE f.site_id = s.id AND f.space_id = $${params.length} AND NOT f.hidden)`);
  }
  if (filter.title !== undefined) {
    params.push(containsPattern(filter.title));
    where.push(`s.title ILIKE $${params.length}`);
  }
  if (filter.published !== undefined) {
    params.push(filter.published);
    where.push(`s.published = $${params.length}`);
  }
  if (filter.types !== undefined) {
    params.push(filter.types);
    where.push(`s.type = ANY($${params.length}::text[])`);
  }
  const { rows, total } = await pagedRows<SiteWithCountsRow>(
    db,
    { select: WITH_COUNTS, from: `FROM sites s WHERE ${where.join(' AND ')}`, orderBy: 's.created_at, s.id', params },
    page,
  );
  return { rows: rows.map(siteWithCountsOf), total };
}

/** True when another site of the organization already uses `basename`. */
export async function basenameTaken(db: SqlExecutor, orgId: string, basename: string, exceptSiteId: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM sites WHERE organization_id = $1 AND basename = $2 AND id <> $3', [orgId, basename, exceptSiteId])) !== null;
}

/** True when another site (of any organization) already uses `hostname`. */
export async function hostnameTaken(db: SqlExecutor, hostname: string, exceptSiteId: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM sites WHERE hostname = $1 AND id <> $2', [hostname, exceptSiteId])) !== null;
}

/** The id of the site's default section (null when it has none). */
export async function findDefaultSectionId(db: SqlExecutor, siteId: string): Promise<string | null> {
  return (await queryOne<{ id: string }>(db, 'SELECT id FROM site_sections WHERE site_id = $1 AND is_default', [siteId]))?.id ?? null;
}

export async function siteHasSections(db: SqlExecutor, siteId: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM site_sections WHERE site_id = $1 LIMIT 1', [siteId])) !== null;
}

/** Makes a section of the site its default, unsetting the previous one; false when the site has no such section. */
export async function makeDefaultSection(tx: SqlExecutor, siteId: string, sectionId: string): Promise<boolean> {
  if ((await queryOne(tx, 'SELECT 1 FROM site_sections WHERE site_id = $1 AND id = $2', [siteId, sectionId])) === null) return false;
  // Unset first: the one-default-per-site unique index checks every statement.
  await tx.query('UPDATE site_sections SET is_default = false WHERE site_id = $1 AND is_default AND id <> $2', [siteId, sectionId]);
  await tx.query('UPDATE site_sections SET is_default = true WHERE site_id = $1 AND id = $2', [siteId, sectionId]);
  return true;
}

/** True for Postgres' unique_violation (the same SQLSTATE from pg and PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** Where a published URL may point (packages/publishing SiteLookup), as the store probes it. */
export interface SiteAddressProbe {
  builtIn?: { organizationId: string; basename: string };
  proxyUrls: readonly string[];
  hostname?: string;
}

/**
 * The published sites at any of these addresses, in one query of index probes: the built-in address
 * by (organization, basename) or, for a site without a basename, by its id; proxy origins by
 * lower(proxy_url) (migration 005); the custom hostname by its unique index. The caller picks the best.
 */
export async function findPublishedSitesAt(db: SqlExecutor, probe: SiteAddressProbe): Promise<Site[]> {
  const { rows } = await db.query<SiteRow>(
    `SELECT * FROM sites
      WHERE published AND (
        (organization_id = $1 AND basename = $2)
        OR (organization_id = $1 AND id = $2 AND basename IS NULL)
        OR lower(proxy_url) = ANY($3::text[])
        OR hostname = $4)`,
    [probe.builtIn?.organizationId ?? null, probe.builtIn?.basename ?? null, probe.proxyUrls.map((p) => p.toLowerCase()), probe.hostname ?? null],
  );
  return rows.map(siteOf);
}
