import type { DefaultLevel } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { containsPattern, pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SitesTable } from '../../../database';
import type { PersonPrincipals } from '../model/site-permission';
import { defaultLevelOf, type Site, type SiteWithCounts } from '../model/site';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function siteOf(row: Selectable<SitesTable>): Site {
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
    defaultLevel: defaultLevelOf(row.default_level),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function siteWithCountsOf({ site_spaces, ...row }: Selectable<SitesTable> & { site_spaces: number }): SiteWithCounts {
  return { ...siteOf(row), siteSpaces: site_spaces };
}

export interface SiteListFilter {
  /** Only sites showing this space (a visible site space of it). */
  space?: string;
  /** Case-insensitive "contains" on the title. */
  title?: string;
  published?: boolean;
  types?: readonly string[];
  /**
   * Only the sites the person may see (undefined: every site): those open to members (a default
   * level that is not null) when `members` is set, and those granted to them or their teams.
   */
  visibleTo?: { person: PersonPrincipals; members: boolean };
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
  defaultLevel?: DefaultLevel;
}

/** The column values of the changes that are present (undefined leaves a column as it is). */
const columnsOf = (changes: SiteChanges) => ({
  title: changes.title,
  visibility: changes.visibility,
  basename: changes.basename,
  hostname: changes.hostname,
  proxy_url: changes.proxyUrl,
  adaptive_content_enabled: changes.adaptiveContentEnabled,
  agents_context: changes.agentsContext,
  published: changes.published,
  adaptive_schema: changes.adaptiveSchema === undefined ? undefined : JSON.stringify(changes.adaptiveSchema),
  adaptive_schema_updated_at: changes.adaptiveSchemaUpdatedAt,
  default_level: changes.defaultLevel,
});

const withCountsQuery = (db: SqlExecutor) =>
  table(db)
    .selectFrom('sites as s')
    .selectAll('s')
    .select(sql<number>`(SELECT count(*)::int FROM site_spaces ss WHERE ss.site_id = s.id AND NOT ss.hidden)`.as('site_spaces'));

/** A site of an organization (null when it does not exist or belongs to another organization). */
export async function findSite(db: SqlExecutor, orgId: string, siteId: string): Promise<Site | null> {
  const row = await table(db).selectFrom('sites').selectAll().where('organization_id', '=', orgId).where('id', '=', siteId).executeTakeFirst();
  return row ? siteOf(row) : null;
}

export async function findSiteWithCounts(db: SqlExecutor, orgId: string, siteId: string): Promise<SiteWithCounts | null> {
  const row = await withCountsQuery(db).where('s.organization_id', '=', orgId).where('s.id', '=', siteId).executeTakeFirst();
  return row ? siteWithCountsOf(row) : null;
}

/** Locks the site row for the rest of the transaction, so changes of one site apply one after the other. */
export async function lockSite(db: SqlExecutor, orgId: string, siteId: string): Promise<Site | null> {
  const row = await table(db).selectFrom('sites').selectAll().where('organization_id', '=', orgId).where('id', '=', siteId).forUpdate().executeTakeFirst();
  return row ? siteOf(row) : null;
}

export async function insertSite(
  db: SqlExecutor,
  site: { id: string; organizationId: string; type: string; title: string; visibility: string },
  now: Date,
): Promise<Site> {
  const row = await table(db)
    .insertInto('sites')
    .values({
      id: site.id,
      organization_id: site.organizationId,
      type: site.type,
      title: site.title,
      visibility: site.visibility,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return siteOf(row);
}

/** Sets the given columns and stamps updated_at; null when the site is not in the organization. */
export async function updateSiteRow(db: SqlExecutor, orgId: string, siteId: string, changes: SiteChanges, now: Date): Promise<Site | null> {
  const row = await table(db)
    .updateTable('sites')
    .set({ updated_at: now, ...columnsOf(changes) })
    .where('organization_id', '=', orgId)
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
  return row ? siteOf(row) : null;
}

/** Deletes a site; its structure and share links cascade. */
export async function deleteSiteRow(db: SqlExecutor, orgId: string, siteId: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('sites').where('organization_id', '=', orgId).where('id', '=', siteId).executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function listSiteRows(db: SqlExecutor, orgId: string, filter: SiteListFilter, page: PageRequest): Promise<Paged<SiteWithCounts>> {
  let query = withCountsQuery(db).where('s.organization_id', '=', orgId);
  const { space, title, published, types, visibleTo } = filter;
  if (space !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('site_spaces as f')
          .select(sql.lit(1).as('one'))
          .whereRef('f.site_id', '=', 's.id')
          .where('f.space_id', '=', space)
          .where('f.hidden', '=', false),
      ),
    );
  }
  if (title !== undefined) query = query.where('s.title', 'ilike', containsPattern(title));
  if (published !== undefined) query = query.where('s.published', '=', published);
  if (types !== undefined) query = query.where(sql<boolean>`s.type = ANY(${[...types]}::text[])`);
  if (visibleTo !== undefined) query = query.where(visibleSitesOf(visibleTo));
  const { rows, total } = await pagedSelect(query.orderBy('s.created_at').orderBy('s.id'), page);
  return { rows: rows.map(siteWithCountsOf), total };
}

/** The condition of SiteListFilter.visibleTo on `sites as s`. */
function visibleSitesOf({ person, members }: NonNullable<SiteListFilter['visibleTo']>) {
  const granted = sql<boolean>`EXISTS (SELECT 1 FROM site_permissions p WHERE p.site_id = s.id AND ((p.principal_kind = 'user' AND p.principal_id = ${person.userId}) OR (p.principal_kind = 'team' AND p.principal_id = ANY(${[...person.teamIds]}::text[]))))`;
  return members ? sql<boolean>`(s.default_level IS NOT NULL OR ${granted})` : granted;
}

/** True when another site of the organization already uses `basename`. */
export async function basenameTaken(db: SqlExecutor, orgId: string, basename: string, exceptSiteId: string): Promise<boolean> {
  const row = await table(db)
    .selectFrom('sites')
    .select('id')
    .where('organization_id', '=', orgId)
    .where('basename', '=', basename)
    .where('id', '<>', exceptSiteId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when another site (of any organization) already uses `hostname`. */
export async function hostnameTaken(db: SqlExecutor, hostname: string, exceptSiteId: string): Promise<boolean> {
  const row = await table(db).selectFrom('sites').select('id').where('hostname', '=', hostname).where('id', '<>', exceptSiteId).executeTakeFirst();
  return row !== undefined;
}

/** The id of the site's default section (null when it has none). */
export async function findDefaultSectionId(db: SqlExecutor, siteId: string): Promise<string | null> {
  const row = await table(db).selectFrom('site_sections').select('id').where('site_id', '=', siteId).where('is_default', '=', true).executeTakeFirst();
  return row?.id ?? null;
}

export async function siteHasSections(db: SqlExecutor, siteId: string): Promise<boolean> {
  const row = await table(db).selectFrom('site_sections').select('id').where('site_id', '=', siteId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Makes a section of the site its default, unsetting the previous one; false when the site has no such section. */
export async function makeDefaultSection(tx: SqlExecutor, siteId: string, sectionId: string): Promise<boolean> {
  const section = await table(tx).selectFrom('site_sections').select('id').where('site_id', '=', siteId).where('id', '=', sectionId).executeTakeFirst();
  if (section === undefined) return false;
  // Unset first: the one-default-per-site unique index checks every statement.
  await table(tx)
    .updateTable('site_sections')
    .set({ is_default: false })
    .where('site_id', '=', siteId)
    .where('is_default', '=', true)
    .where('id', '<>', sectionId)
    .execute();
  await table(tx).updateTable('site_sections').set({ is_default: true }).where('site_id', '=', siteId).where('id', '=', sectionId).execute();
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
  const orgId = probe.builtIn?.organizationId ?? null;
  const basename = probe.builtIn?.basename ?? null;
  const rows = await table(db)
    .selectFrom('sites')
    .selectAll()
    .where('published', '=', true)
    .where(
      // Parenthesized: Kysely puts a raw condition next to the others as written.
      sql<boolean>`((organization_id = ${orgId} AND basename = ${basename})
        OR (organization_id = ${orgId} AND id = ${basename} AND basename IS NULL)
        OR lower(proxy_url) = ANY(${probe.proxyUrls.map((p) => p.toLowerCase())}::text[])
        OR hostname = ${probe.hostname ?? null})`,
    )
    .execute();
  return rows.map(siteOf);
}
