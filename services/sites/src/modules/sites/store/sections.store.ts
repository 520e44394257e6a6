import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteSectionsTable } from '../../../database';
import type { SiteSection, SiteSectionChanges } from '../model/site-structure';

export type { SiteSectionChanges };

const table = (db: SqlExecutor) => typedSql<Database>(db);

/**
 * A section of a site (table `site_sections`): in a group (`sectionGroupId`) or at the top level,
 * `position` being its ordering key there.
 */
function sectionOf(row: Selectable<SiteSectionsTable>): SiteSection {
  return {
    id: row.id,
    siteId: row.site_id,
    sectionGroupId: row.section_group_id,
    title: row.title,
    description: row.description,
    path: row.path,
    condition: row.condition,
    icon: row.icon,
    isDefault: row.is_default,
    position: row.position,
    createdAt: row.created_at,
  };
}

/** An item of a site's top level, where sections outside groups, section groups and external links share one order. */
export interface TopLevelItem {
  kind: 'site-section' | 'site-section-group' | 'site-external-link';
  id: string;
  position: string;
}

// Navigation order: by top-level item (the section itself, or its group), then within the group.
const inNavigationOrder = (db: SqlExecutor) =>
  table(db)
    .selectFrom('site_sections as s')
    .leftJoin('site_section_groups as g', 'g.id', 's.section_group_id')
    .selectAll('s')
    .orderBy(sql`COALESCE(g.position, s.position) COLLATE "C", s.position COLLATE "C", s.id`);

export async function insertSection(
  tx: SqlExecutor,
  section: { id: string; siteId: string; title: string; path: string; icon: string | null; position: string },
  now: Date,
): Promise<SiteSection> {
  const row = await table(tx)
    .insertInto('site_sections')
    .values({
      id: section.id,
      site_id: section.siteId,
      title: section.title,
      path: section.path,
      icon: section.icon,
      position: section.position,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return sectionOf(row);
}

export async function findSection(db: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection | null> {
  const row = await table(db).selectFrom('site_sections').selectAll().where('site_id', '=', siteId).where('id', '=', sectionId).executeTakeFirst();
  return row ? sectionOf(row) : null;
}

/** Every section of a site in navigation order. */
export async function listAllSections(db: SqlExecutor, siteId: string): Promise<SiteSection[]> {
  const rows = await inNavigationOrder(db).where('s.site_id', '=', siteId).execute();
  return rows.map(sectionOf);
}

/** One page of a site's sections in navigation order. */
export async function listSectionRows(db: SqlExecutor, siteId: string, page: PageRequest): Promise<Paged<SiteSection>> {
  const { rows, total } = await pagedSelect(inNavigationOrder(db).where('s.site_id', '=', siteId), page);
  return { rows: rows.map(sectionOf), total };
}

/** The sections of the given groups, each group's in order. */
export async function listSectionsOfGroups(db: SqlExecutor, groupIds: readonly string[]): Promise<SiteSection[]> {
  if (groupIds.length === 0) return [];
  const rows = await table(db)
    .selectFrom('site_sections')
    .selectAll()
    .where(sql<boolean>`section_group_id = ANY(${[...groupIds]}::text[])`)
    .orderBy('section_group_id')
    .orderBy(sql`position COLLATE "C"`)
    .orderBy('id')
    .execute();
  return rows.map(sectionOf);
}

/** The items of a site's top level (sections and external links outside groups, and groups), in order. */
export async function listTopLevelItems(db: SqlExecutor, siteId: string): Promise<TopLevelItem[]> {
  const { rows } = await sql<TopLevelItem>`SELECT kind, id, position FROM (
      SELECT 'site-section' AS kind, id, position FROM site_sections WHERE site_id = ${siteId} AND section_group_id IS NULL
      UNION ALL
      SELECT 'site-section-group' AS kind, id, position FROM site_section_groups WHERE site_id = ${siteId}
      UNION ALL
      SELECT 'site-external-link' AS kind, id, position FROM site_external_links WHERE site_id = ${siteId} AND section_group_id IS NULL
    ) item ORDER BY position COLLATE "C", id`.execute(table(db));
  return rows;
}

/** A group's children (its sections and external links, which share one order), in order. */
export async function listGroupChildren(db: SqlExecutor, groupId: string): Promise<TopLevelItem[]> {
  const { rows } = await sql<TopLevelItem>`SELECT kind, id, position FROM (
      SELECT 'site-section' AS kind, id, position FROM site_sections WHERE section_group_id = ${groupId}
      UNION ALL
      SELECT 'site-external-link' AS kind, id, position FROM site_external_links WHERE section_group_id = ${groupId}
    ) item ORDER BY position COLLATE "C", id`.execute(table(db));
  return rows;
}

export async function updateSectionRow(tx: SqlExecutor, sectionId: string, changes: SiteSectionChanges): Promise<SiteSection | null> {
  const row = await table(tx)
    .updateTable('site_sections')
    // Always a SET clause (title = title when unchanged), so an empty PATCH still answers the row.
    .set((eb) => ({
      title: changes.title ?? eb.ref('title'),
      path: changes.path,
      condition: changes.condition,
      icon: changes.icon,
      description: changes.description,
    }))
    .where('id', '=', sectionId)
    .returningAll()
    .executeTakeFirst();
  return row ? sectionOf(row) : null;
}

/** Puts sections in a group (null: the top level), each with its new key there. */
export async function placeSections(tx: SqlExecutor, placements: readonly { id: string; groupId: string | null; position: string }[]): Promise<void> {
  if (placements.length === 0) return;
  await sql`UPDATE site_sections s SET section_group_id = p.group_id, position = p.position
    FROM unnest(${placements.map((p) => p.id)}::text[], ${placements.map((p) => p.groupId)}::text[], ${placements.map((p) => p.position)}::text[])
      AS p (id, group_id, position)
    WHERE s.id = p.id`.execute(table(tx));
}

/** Deletes a section (its site spaces cascade); returns it, or null when there was none. */
export async function deleteSectionRow(tx: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection | null> {
  const row = await table(tx).deleteFrom('site_sections').where('site_id', '=', siteId).where('id', '=', sectionId).returningAll().executeTakeFirst();
  return row ? sectionOf(row) : null;
}
