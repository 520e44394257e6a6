import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteSpacesTable } from '../../../database';
import type { SiteSpace } from '../model/site-structure';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/**
 * A space on a site (table `site_spaces`): in a section (`sectionId`) or at the site's root,
 * `position` being its ordering key there. A hidden one's space was deleted; it returns on restore.
 */
function siteSpaceOf(row: Selectable<SiteSpacesTable>): SiteSpace {
  return {
    id: row.id,
    siteId: row.site_id,
    sectionId: row.section_id,
    spaceId: row.space_id,
    path: row.path,
    condition: row.condition,
    isDefault: row.is_default,
    hidden: row.hidden,
    position: row.position,
    createdAt: row.created_at,
  };
}

/** The columns a PATCH changes; `condition: null` removes the condition, undefined keeps it. */
export interface SiteSpaceChanges {
  path?: string;
  condition?: string | null;
}

export interface SiteSpaceListFilter {
  /** true: only default site spaces (one per section, or the root's); false: only the others. */
  isDefault?: boolean;
}

// Site order: root site spaces first (a site has either those or sections), then each section's
// in navigation order (sections by their top-level item — the section or its group — then within
// the group); within one parent, by ordering key.
const inSiteOrder = (db: SqlExecutor) =>
  table(db)
    .selectFrom('site_spaces as sp')
    .leftJoin('site_sections as s', 's.id', 'sp.section_id')
    .leftJoin('site_section_groups as g', 'g.id', 's.section_group_id')
    .selectAll('sp')
    .orderBy(sql`(sp.section_id IS NOT NULL), COALESCE(g.position, s.position) COLLATE "C", s.position COLLATE "C", s.id, sp.position COLLATE "C", sp.id`);

export async function insertSiteSpace(
  tx: SqlExecutor,
  siteSpace: { id: string; siteId: string; sectionId: string | null; spaceId: string; path: string; position: string },
  now: Date,
): Promise<SiteSpace> {
  const row = await table(tx)
    .insertInto('site_spaces')
    .values({
      id: siteSpace.id,
      site_id: siteSpace.siteId,
      section_id: siteSpace.sectionId,
      space_id: siteSpace.spaceId,
      path: siteSpace.path,
      position: siteSpace.position,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return siteSpaceOf(row);
}

export async function findSiteSpace(db: SqlExecutor, siteId: string, siteSpaceId: string): Promise<SiteSpace | null> {
  const row = await table(db).selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).where('id', '=', siteSpaceId).executeTakeFirst();
  return row ? siteSpaceOf(row) : null;
}

/** The site space of `spaceId` on the site (a space is on a site at most once), hidden or not. */
export async function findSiteSpaceOfSpace(db: SqlExecutor, siteId: string, spaceId: string): Promise<SiteSpace | null> {
  const row = await table(db).selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).where('space_id', '=', spaceId).limit(1).executeTakeFirst();
  return row ? siteSpaceOf(row) : null;
}

/** Every site space of a space, on every site (hidden ones too), with its site's organization. */
export async function listSiteSpacesOfSpace(db: SqlExecutor, spaceId: string): Promise<(SiteSpace & { organizationId: string })[]> {
  const rows = await table(db)
    .selectFrom('site_spaces as sp')
    .innerJoin('sites as s', 's.id', 'sp.site_id')
    .selectAll('sp')
    .select('s.organization_id')
    .where('sp.space_id', '=', spaceId)
    .orderBy('sp.site_id')
    .orderBy('sp.id')
    .execute();
  return rows.map(({ organization_id, ...row }) => ({ ...siteSpaceOf(row), organizationId: organization_id }));
}

/**
 * Every site space of one parent (a section, or the root when `sectionId` is null), hidden ones
 * too (they keep their path and key for when their space is restored), in order.
 */
export async function listSiteSpacesIn(db: SqlExecutor, siteId: string, sectionId: string | null): Promise<SiteSpace[]> {
  const rows = await table(db)
    .selectFrom('site_spaces')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('section_id', 'is not distinct from', sectionId)
    .orderBy(sql`position COLLATE "C"`)
    .orderBy('id')
    .execute();
  return rows.map(siteSpaceOf);
}

/** Every site space of a site, hidden ones too, grouped by parent and in order within it. */
export async function listAllSiteSpaces(db: SqlExecutor, siteId: string): Promise<SiteSpace[]> {
  const rows = await inSiteOrder(db).where('sp.site_id', '=', siteId).execute();
  return rows.map(siteSpaceOf);
}

/** The visible site spaces of a site in site order, one page of them. */
export async function listSiteSpaceRows(db: SqlExecutor, siteId: string, filter: SiteSpaceListFilter, page: PageRequest): Promise<Paged<SiteSpace>> {
  let query = inSiteOrder(db).where('sp.site_id', '=', siteId).where('sp.hidden', '=', false);
  if (filter.isDefault !== undefined) query = query.where('sp.is_default', '=', filter.isDefault);
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(siteSpaceOf), total };
}

/** The visible site spaces of the given sections, each section's in order. */
export async function listVisibleSiteSpacesOfSections(db: SqlExecutor, sectionIds: readonly string[]): Promise<SiteSpace[]> {
  if (sectionIds.length === 0) return [];
  const rows = await table(db)
    .selectFrom('site_spaces')
    .selectAll()
    .where(sql<boolean>`section_id = ANY(${[...sectionIds]}::text[])`)
    .where('hidden', '=', false)
    .orderBy('section_id')
    .orderBy(sql`position COLLATE "C"`)
    .orderBy('id')
    .execute();
  return rows.map(siteSpaceOf);
}

export async function updateSiteSpaceRow(tx: SqlExecutor, siteSpaceId: string, changes: SiteSpaceChanges): Promise<SiteSpace | null> {
  const row = await table(tx)
    .updateTable('site_spaces')
    // Always a SET clause (path = path when unchanged), so an empty PATCH still answers the row.
    .set((eb) => ({ path: changes.path ?? eb.ref('path'), condition: changes.condition }))
    .where('id', '=', siteSpaceId)
    .returningAll()
    .executeTakeFirst();
  return row ? siteSpaceOf(row) : null;
}

export async function setSiteSpacePosition(tx: SqlExecutor, siteSpaceId: string, position: string): Promise<SiteSpace | null> {
  const row = await table(tx).updateTable('site_spaces').set({ position }).where('id', '=', siteSpaceId).returningAll().executeTakeFirst();
  return row ? siteSpaceOf(row) : null;
}

/** Moves site spaces to another parent (a section, or the root), each with its new key. */
export async function placeSiteSpaces(tx: SqlExecutor, placements: readonly { id: string; sectionId: string | null; position: string }[]): Promise<void> {
  if (placements.length === 0) return;
  await sql`UPDATE site_spaces sp SET section_id = p.section_id, position = p.position
    FROM unnest(${placements.map((p) => p.id)}::text[], ${placements.map((p) => p.sectionId)}::text[], ${placements.map((p) => p.position)}::text[])
      AS p (id, section_id, position)
    WHERE sp.id = p.id`.execute(table(tx));
}

export async function deleteSiteSpaceRow(tx: SqlExecutor, siteId: string, siteSpaceId: string): Promise<SiteSpace | null> {
  const row = await table(tx).deleteFrom('site_spaces').where('site_id', '=', siteId).where('id', '=', siteSpaceId).returningAll().executeTakeFirst();
  return row ? siteSpaceOf(row) : null;
}
