import { sql, typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteExternalLinksTable } from '../../../database';
import type { SiteExternalLink, SiteExternalLinkChanges } from '../model/site-structure';

const table = (db: SqlExecutor) => typedSql<Database>(db);

const localized = (value: unknown): Record<string, string> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : null;
const jsonOrNull = (value: Record<string, string> | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null ? null : JSON.stringify(value);

function externalLinkOf(row: Selectable<SiteExternalLinksTable>): SiteExternalLink {
  return {
    id: row.id,
    siteId: row.site_id,
    sectionGroupId: row.section_group_id,
    title: row.title,
    localizedTitle: localized(row.localized_title),
    description: row.description,
    localizedDescription: localized(row.localized_description),
    icon: row.icon,
    url: row.url,
    draft: row.draft,
    condition: row.condition,
    position: row.position,
    createdAt: row.created_at,
  };
}

export async function insertExternalLink(tx: SqlExecutor, link: Omit<SiteExternalLink, 'createdAt'>, now: Date): Promise<SiteExternalLink> {
  const row = await table(tx)
    .insertInto('site_external_links')
    .values({
      id: link.id,
      site_id: link.siteId,
      section_group_id: link.sectionGroupId,
      title: link.title,
      localized_title: jsonOrNull(link.localizedTitle),
      description: link.description,
      localized_description: jsonOrNull(link.localizedDescription),
      icon: link.icon,
      url: link.url,
      draft: link.draft,
      condition: link.condition,
      position: link.position,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return externalLinkOf(row);
}

export async function findExternalLink(db: SqlExecutor, siteId: string, linkId: string): Promise<SiteExternalLink | null> {
  const row = await table(db).selectFrom('site_external_links').selectAll().where('site_id', '=', siteId).where('id', '=', linkId).executeTakeFirst();
  return row ? externalLinkOf(row) : null;
}

/** A site's external links at its top level, in order. */
export async function listTopLevelExternalLinks(db: SqlExecutor, siteId: string): Promise<SiteExternalLink[]> {
  const rows = await table(db)
    .selectFrom('site_external_links')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('section_group_id', 'is', null)
    .orderBy(sql`position COLLATE "C"`)
    .orderBy('id')
    .execute();
  return rows.map(externalLinkOf);
}

/** The external links of the given groups, in order within each. */
export async function listExternalLinksOfGroups(db: SqlExecutor, groupIds: readonly string[]): Promise<SiteExternalLink[]> {
  if (groupIds.length === 0) return [];
  const rows = await table(db)
    .selectFrom('site_external_links')
    .selectAll()
    .where(sql<boolean>`section_group_id = ANY(${[...groupIds]}::text[])`)
    .orderBy(sql`position COLLATE "C"`)
    .orderBy('id')
    .execute();
  return rows.map(externalLinkOf);
}

export async function updateExternalLinkRow(tx: SqlExecutor, linkId: string, changes: SiteExternalLinkChanges): Promise<SiteExternalLink | null> {
  const row = await table(tx)
    .updateTable('site_external_links')
    // Always a SET clause (title = title when unchanged), so an empty PATCH still answers the row.
    .set((eb) => ({
      title: changes.title ?? eb.ref('title'),
      localized_title: jsonOrNull(changes.localizedTitle),
      description: changes.description,
      localized_description: jsonOrNull(changes.localizedDescription),
      icon: changes.icon,
      url: changes.url,
      draft: changes.draft,
      condition: changes.condition,
    }))
    .where('id', '=', linkId)
    .returningAll()
    .executeTakeFirst();
  return row ? externalLinkOf(row) : null;
}

/** Puts links in a group (or at the top level, null) at the given keys. */
export async function placeExternalLinks(tx: SqlExecutor, placements: readonly { id: string; groupId: string | null; position: string }[]): Promise<void> {
  if (placements.length === 0) return;
  await sql`UPDATE site_external_links l SET section_group_id = p.group_id, position = p.position
    FROM unnest(${placements.map((p) => p.id)}::text[], ${placements.map((p) => p.groupId)}::text[], ${placements.map((p) => p.position)}::text[])
      AS p (id, group_id, position)
    WHERE l.id = p.id`.execute(table(tx));
}

export async function deleteExternalLinkRow(tx: SqlExecutor, siteId: string, linkId: string): Promise<boolean> {
  const { numDeletedRows } = await table(tx).deleteFrom('site_external_links').where('site_id', '=', siteId).where('id', '=', linkId).executeTakeFirst();
  return numDeletedRows > 0n;
}
