import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { SiteSection } from '../model/site-structure';

interface SiteSectionRow {
  id: string;
  site_id: string;
  section_group_id: string | null;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  is_default: boolean;
  position: string;
  created_at: Date;
}

/**
 * A section of a site (table `site_sections`): in a group (`sectionGroupId`) or at the top level,
 * `position` being its ordering key there.
 */
function sectionOf(row: SiteSectionRow): SiteSection {
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

/** The columns a PATCH changes; null removes a nullable one, undefined keeps it. */
export interface SiteSectionChanges {
  title?: string;
  path?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

/** An item of a site's top level, where sections outside groups and section groups share one order. */
export interface TopLevelItem {
  kind: 'site-section' | 'site-section-group';
  id: string;
  position: string;
}

// Navigation order: by top-level item (the section itself, or its group), then within the group.
const NAVIGATION = `FROM site_sections s LEFT JOIN site_section_groups g ON g.id = s.section_group_id`;
const NAVIGATION_ORDER = `COALESCE(g.position, s.position) COLLATE "C", s.position COLLATE "C", s.id`;

export async function insertSection(
  tx: SqlExecutor,
  section: { id: string; siteId: string; title: string; path: string; icon: string | null; position: string },
  now: Date,
): Promise<SiteSection> {
  return sectionOf(
    await insertedRow<SiteSectionRow>(
      tx,
      `INSERT INTO site_sections (id, site_id, title, path, icon, position, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [section.id, section.siteId, section.title, section.path, section.icon, section.position, now],
    ),
  );
}

export async function findSection(db: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection | null> {
  const row = await queryOne<SiteSectionRow>(db, 'SELECT * FROM site_sections WHERE site_id = $1 AND id = $2', [siteId, sectionId]);
  return row && sectionOf(row);
}

/** Every section of a site in navigation order. */
export async function listAllSections(db: SqlExecutor, siteId: string): Promise<SiteSection[]> {
  const rows = await queryRows<SiteSectionRow>(db, `SELECT s.* ${NAVIGATION} WHERE s.site_id = $1 ORDER BY ${NAVIGATION_ORDER}`, [siteId]);
  return rows.map(sectionOf);
}

/** One page of a site's sections in navigation order. */
export async function listSections(db: SqlExecutor, siteId: string, page: PageRequest): Promise<Paged<SiteSection>> {
  const { rows, total } = await pagedRows<SiteSectionRow>(
    db,
    { select: 's.*', from: `${NAVIGATION} WHERE s.site_id = $1`, orderBy: NAVIGATION_ORDER, params: [siteId] },
    page,
  );
  return { rows: rows.map(sectionOf), total };
}

/** The sections of the given groups, each group's in order. */
export async function listSectionsOfGroups(db: SqlExecutor, groupIds: readonly string[]): Promise<SiteSection[]> {
  if (groupIds.length === 0) return [];
  const rows = await queryRows<SiteSectionRow>(
    db,
    'SELECT * FROM site_sections WHERE section_group_id = ANY($1::text[]) ORDER BY section_group_id, position COLLATE "C", id',
    [[...groupIds]],
  );
  return rows.map(sectionOf);
}

/** The items of a site's top level (sections outside groups, and groups), in order. */
export function listTopLevelItems(db: SqlExecutor, siteId: string): Promise<TopLevelItem[]> {
  return queryRows<TopLevelItem>(
    db,
    `SELECT kind, id, position FROM (
       SELECT 'site-section' AS kind, id, position FROM site_sections WHERE site_id = $1 AND section_group_id IS NULL
       UNION ALL
       SELECT 'site-section-group' AS kind, id, position FROM site_section_groups WHERE site_id = $1
     ) item ORDER BY position COLLATE "C", id`,
    [siteId],
  );
}

export async function updateSection(tx: SqlExecutor, sectionId: string, changes: SiteSectionChanges): Promise<SiteSection | null> {
  const nullable = (value: string | null | undefined) => [value !== undefined, value ?? null];
  const row = await queryOne<SiteSectionRow>(
    tx,
    `UPDATE site_sections SET
       title = COALESCE($2, title),
       path = COALESCE($3, path),
       condition = CASE WHEN $4::boolean THEN $5 ELSE condition END,
       icon = CASE WHEN $6::boolean THEN $7 ELSE icon END,
       description = CASE WHEN $8::boolean THEN $9 ELSE description END
     WHERE id = $1 RETURNING *`,
    [sectionId, changes.title ?? null, changes.path ?? null, ...nullable(changes.condition), ...nullable(changes.icon), ...nullable(changes.description)],
  );
  return row && sectionOf(row);
}

/** Puts sections in a group (null: the top level), each with its new key there. */
export async function placeSections(tx: SqlExecutor, placements: readonly { id: string; groupId: string | null; position: string }[]): Promise<void> {
  if (placements.length === 0) return;
  await tx.query(
    `UPDATE site_sections s SET section_group_id = p.group_id, position = p.position
     FROM unnest($1::text[], $2::text[], $3::text[]) AS p (id, group_id, position) WHERE s.id = p.id`,
    [placements.map((p) => p.id), placements.map((p) => p.groupId), placements.map((p) => p.position)],
  );
}

/** Deletes a section (its site spaces cascade); returns it, or null when there was none. */
export async function deleteSection(tx: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection | null> {
  const row = await queryOne<SiteSectionRow>(tx, 'DELETE FROM site_sections WHERE site_id = $1 AND id = $2 RETURNING *', [siteId, sectionId]);
  return row && sectionOf(row);
}
