import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { SiteSectionGroup } from '../model/site-structure';

interface SiteSectionGroupRow {
  id: string;
  site_id: string;
  title: string;
  icon: string | null;
  position: string;
  created_at: Date;
}

/** The columns a PATCH changes; `icon: null` removes the icon, undefined keeps it. */
export interface SiteSectionGroupChanges {
  title?: string;
  icon?: string | null;
}

function sectionGroupOf(row: SiteSectionGroupRow): SiteSectionGroup {
  return { id: row.id, siteId: row.site_id, title: row.title, icon: row.icon, position: row.position, createdAt: row.created_at };
}

export async function insertSectionGroup(
  tx: SqlExecutor,
  group: { id: string; siteId: string; title: string; icon: string | null; position: string },
  now: Date,
): Promise<SiteSectionGroup> {
  return sectionGroupOf(
    await insertedRow<SiteSectionGroupRow>(
      tx,
      'INSERT INTO site_section_groups (id, site_id, title, icon, position, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
      [group.id, group.siteId, group.title, group.icon, group.position, now],
    ),
  );
}

export async function findSectionGroup(db: SqlExecutor, siteId: string, groupId: string): Promise<SiteSectionGroup | null> {
  const row = await queryOne<SiteSectionGroupRow>(db, 'SELECT * FROM site_section_groups WHERE site_id = $1 AND id = $2', [siteId, groupId]);
  return row && sectionGroupOf(row);
}

/** One page of a site's section groups, in their order at the site's top level. */
export async function listSectionGroups(db: SqlExecutor, siteId: string, page: PageRequest): Promise<Paged<SiteSectionGroup>> {
  const { rows, total } = await pagedRows<SiteSectionGroupRow>(
    db,
    { select: '*', from: 'FROM site_section_groups WHERE site_id = $1', orderBy: 'position COLLATE "C", id', params: [siteId] },
    page,
  );
  return { rows: rows.map(sectionGroupOf), total };
}

export async function updateSectionGroup(tx: SqlExecutor, groupId: string, changes: SiteSectionGroupChanges): Promise<SiteSectionGroup | null> {
  const row = await queryOne<SiteSectionGroupRow>(
    tx,
    'UPDATE site_section_groups SET title = COALESCE($2, title), icon = CASE WHEN $3::boolean THEN $4 ELSE icon END WHERE id = $1 RETURNING *',
    [groupId, changes.title ?? null, changes.icon !== undefined, changes.icon ?? null],
  );
  return row && sectionGroupOf(row);
}

export async function setSectionGroupPosition(tx: SqlExecutor, groupId: string, position: string): Promise<SiteSectionGroup | null> {
  const row = await queryOne<SiteSectionGroupRow>(tx, 'UPDATE site_section_groups SET position = $2 WHERE id = $1 RETURNING *', [groupId, position]);
  return row && sectionGroupOf(row);
}

export async function deleteSectionGroup(tx: SqlExecutor, siteId: string, groupId: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM site_section_groups WHERE site_id = $1 AND id = $2', [siteId, groupId]);
  return rowCount > 0;
}
