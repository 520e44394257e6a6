import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteSectionGroupsTable } from '../../../database';
import type { SiteSectionGroup } from '../model/site-structure';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/** The columns a PATCH changes; `icon: null` removes the icon, undefined keeps it. */
export interface SiteSectionGroupChanges {
  title?: string;
  icon?: string | null;
}

function sectionGroupOf(row: Selectable<SiteSectionGroupsTable>): SiteSectionGroup {
  return { id: row.id, siteId: row.site_id, title: row.title, icon: row.icon, position: row.position, createdAt: row.created_at };
}

export async function insertSectionGroup(
  tx: SqlExecutor,
  group: { id: string; siteId: string; title: string; icon: string | null; position: string },
  now: Date,
): Promise<SiteSectionGroup> {
  const row = await table(tx)
    .insertInto('site_section_groups')
    .values({ id: group.id, site_id: group.siteId, title: group.title, icon: group.icon, position: group.position, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return sectionGroupOf(row);
}

export async function findSectionGroup(db: SqlExecutor, siteId: string, groupId: string): Promise<SiteSectionGroup | null> {
  const row = await table(db).selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId).where('id', '=', groupId).executeTakeFirst();
  return row ? sectionGroupOf(row) : null;
}

/** One page of a site's section groups, in their order at the site's top level. */
export async function listSectionGroupRows(db: SqlExecutor, siteId: string, page: PageRequest): Promise<Paged<SiteSectionGroup>> {
  const { rows, total } = await pagedSelect(
    table(db)
      .selectFrom('site_section_groups')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy(sql`position COLLATE "C"`)
      .orderBy('id'),
    page,
  );
  return { rows: rows.map(sectionGroupOf), total };
}

export async function updateSectionGroupRow(tx: SqlExecutor, groupId: string, changes: SiteSectionGroupChanges): Promise<SiteSectionGroup | null> {
  const row = await table(tx)
    .updateTable('site_section_groups')
    // Always a SET clause (title = title when unchanged), so an empty PATCH still answers the row.
    .set((eb) => ({ title: changes.title ?? eb.ref('title'), icon: changes.icon }))
    .where('id', '=', groupId)
    .returningAll()
    .executeTakeFirst();
  return row ? sectionGroupOf(row) : null;
}

export async function setSectionGroupPosition(tx: SqlExecutor, groupId: string, position: string): Promise<SiteSectionGroup | null> {
  const row = await table(tx).updateTable('site_section_groups').set({ position }).where('id', '=', groupId).returningAll().executeTakeFirst();
  return row ? sectionGroupOf(row) : null;
}

export async function deleteSectionGroupRow(tx: SqlExecutor, siteId: string, groupId: string): Promise<boolean> {
  const { numDeletedRows } = await table(tx).deleteFrom('site_section_groups').where('site_id', '=', siteId).where('id', '=', groupId).executeTakeFirst();
  return numDeletedRows > 0n;
}
