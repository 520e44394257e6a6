import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { SiteSpace } from '../model/site-structure';

interface SiteSpaceRow {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  is_default: boolean;
  hidden: boolean;
  position: string;
  created_at: Date;
}

/**
 * A space on a site (table `site_spaces`): in a section (`sectionId`) or at the site's root,
 * `position` being its ordering key there. A hidden one's space was deleted; it returns on restore.
 */
function siteSpaceOf(row: SiteSpaceRow): SiteSpace {
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
const IN_SITE_ORDER = `FROM site_spaces sp
  LEFT JOIN site_sections s ON s.id = sp.section_id
  LEFT JOIN site_section_groups g ON g.id = s.section_group_id`;
const SITE_ORDER = `(sp.section_id IS NOT NULL), COALESCE(g.position, s.position) COLLATE "C", s.position COLLATE "C", s.id,
  sp.position COLLATE "C", sp.id`;

export async function insertSiteSpace(
  tx: SqlExecutor,
  siteSpace: { id: string; siteId: string; sectionId: string | null; spaceId: string; path: string; position: string },
  now: Date,
): Promise<SiteSpace> {
  return siteSpaceOf(
    await insertedRow<SiteSpaceRow>(
      tx,
      `INSERT INTO site_spaces (id, site_id, section_id, space_id, path, position, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [siteSpace.id, siteSpace.siteId, siteSpace.sectionId, siteSpace.spaceId, siteSpace.path, siteSpace.position, now],
    ),
  );
}

export async function findSiteSpace(db: SqlExecutor, siteId: string, siteSpaceId: string): Promise<SiteSpace | null> {
  const row = await queryOne<SiteSpaceRow>(db, 'SELECT * FROM site_spaces WHERE site_id = $1 AND id = $2', [siteId, siteSpaceId]);
  return row && siteSpaceOf(row);
}

/** The site space of `spaceId` on the site (a space is on a site at most once), hidden or not. */
export async function findSiteSpaceOfSpace(db: SqlExecutor, siteId: string, spaceId: string): Promise<SiteSpace | null> {
  const row = await queryOne<SiteSpaceRow>(db, 'SELECT * FROM site_spaces WHERE site_id = $1 AND space_id = $2 LIMIT 1', [siteId, spaceId]);
  return row && siteSpaceOf(row);
}

/** Every site space of a space, on every site (hidden ones too), with its site's organization. */
export async function listSiteSpacesOfSpace(db: SqlExecutor, spaceId: string): Promise<(SiteSpace & { organizationId: string })[]> {
  const rows = await queryRows<SiteSpaceRow & { organization_id: string }>(
    db,
    'SELECT sp.*, s.organization_id FROM site_spaces sp JOIN sites s ON s.id = sp.site_id WHERE sp.space_id = $1 ORDER BY sp.site_id, sp.id',
    [spaceId],
  );
  return rows.map((row) => ({ ...siteSpaceOf(row), organizationId: row.organization_id }));
}

/**
 * Every site space of one parent (a section, or the root when `sectionId` is null), hidden ones
 * too (they keep their path and key for when their space is restored), in order.
 */
export async function listSiteSpacesIn(db: SqlExecutor, siteId: string, sectionId: string | null): Promise<SiteSpace[]> {
  const rows = await queryRows<SiteSpaceRow>(
    db,
    `SELECT * FROM site_spaces WHERE site_id = $1 AND section_id IS NOT DISTINCT FROM $2 ORDER BY position COLLATE "C", id`,
    [siteId, sectionId],
  );
  return rows.map(siteSpaceOf);
}

/** Every site space of a site, hidden ones too, grouped by parent and in order within it. */
export async function listAllSiteSpaces(db: SqlExecutor, siteId: string): Promise<SiteSpace[]> {
  const rows = await queryRows<SiteSpaceRow>(db, `SELECT sp.* ${IN_SITE_ORDER} WHERE sp.site_id = $1 ORDER BY ${SITE_ORDER}`, [siteId]);
  return rows.map(siteSpaceOf);
}

/** The visible site spaces of a site in site order, one page of them. */
export async function listSiteSpaces(db: SqlExecutor, siteId: string, filter: SiteSpaceListFilter, page: PageRequest): Promise<Paged<SiteSpace>> {
  const where = ['sp.site_id = $1', 'NOT sp.hidden'];
  const params: unknown[] = [siteId];
  if (filter.isDefault !== undefined) {
    params.push(filter.isDefault);
    where.push(`sp.is_default = $${params.length}`);
  }
  const { rows, total } = await pagedRows<SiteSpaceRow>(
    db,
    { select: 'sp.*', from: `${IN_SITE_ORDER} WHERE ${where.join(' AND ')}`, orderBy: SITE_ORDER, params },
    page,
  );
  return { rows: rows.map(siteSpaceOf), total };
}

/** The visible site spaces of the given sections, each section's in order. */
export async function listVisibleSiteSpacesOfSections(db: SqlExecutor, sectionIds: readonly string[]): Promise<SiteSpace[]> {
  if (sectionIds.length === 0) return [];
  const rows = await queryRows<SiteSpaceRow>(
    db,
    'SELECT * FROM site_spaces WHERE section_id = ANY($1::text[]) AND NOT hidden ORDER BY section_id, position COLLATE "C", id',
    [[...sectionIds]],
  );
  return rows.map(siteSpaceOf);
}

export async function updateSiteSpace(tx: SqlExecutor, siteSpaceId: string, changes: SiteSpaceChanges): Promise<SiteSpace | null> {
  const row = await queryOne<SiteSpaceRow>(
    tx,
    `UPDATE site_spaces SET
       path = COALESCE($2, path),
       condition = CASE WHEN $3::boolean THEN $4 ELSE condition END
     WHERE id = $1 RETURNING *`,
    [siteSpaceId, changes.path ?? null, changes.condition !== undefined, changes.condition ?? null],
  );
  return row && siteSpaceOf(row);
}

export async function setSiteSpacePosition(tx: SqlExecutor, siteSpaceId: string, position: string): Promise<SiteSpace | null> {
  const row = await queryOne<SiteSpaceRow>(tx, 'UPDATE site_spaces SET position = $2 WHERE id = $1 RETURNING *', [siteSpaceId, position]);
  return row && siteSpaceOf(row);
}

/** Moves site spaces to another parent (a section, or the root), each with its new key. */
export async function placeSiteSpaces(tx: SqlExecutor, placements: readonly { id: string; sectionId: string | null; position: string }[]): Promise<void> {
  if (placements.length === 0) return;
  await tx.query(
    `UPDATE site_spaces sp SET section_id = p.section_id, position = p.position
     FROM unnest($1::text[], $2::text[], $3::text[]) AS p (id, section_id, position) WHERE sp.id = p.id`,
    [placements.map((p) => p.id), placements.map((p) => p.sectionId), placements.map((p) => p.position)],
  );
}

export async function deleteSiteSpace(tx: SqlExecutor, siteId: string, siteSpaceId: string): Promise<SiteSpace | null> {
  const row = await queryOne<SiteSpaceRow>(tx, 'DELETE FROM site_spaces WHERE site_id = $1 AND id = $2 RETURNING *', [siteId, siteSpaceId]);
  return row && siteSpaceOf(row);
}
