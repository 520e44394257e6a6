import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteSpaceCustomizationsTable } from '../../../database';
import type { StoredSiteSpaceCustomization } from '../model/site-customization';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function overrideOf(row: Selectable<SiteSpaceCustomizationsTable>): StoredSiteSpaceCustomization {
  // Only putSiteSpaceCustomization writes the column, always an object.
  return { siteSpaceId: row.site_space_id, settings: row.settings as Record<string, unknown>, updatedAt: row.updated_at };
}

export async function findSiteSpaceCustomization(db: SqlExecutor, siteSpaceId: string): Promise<StoredSiteSpaceCustomization | null> {
  const row = await table(db).selectFrom('site_space_customizations').selectAll().where('site_space_id', '=', siteSpaceId).executeTakeFirst();
  return row ? overrideOf(row) : null;
}

/** Every site space override of a site (the published profile's `customizations.siteSpaces`). */
export async function listSiteSpaceCustomizations(db: SqlExecutor, siteId: string): Promise<StoredSiteSpaceCustomization[]> {
  const rows = await table(db).selectFrom('site_space_customizations').selectAll().where('site_id', '=', siteId).orderBy('site_space_id').execute();
  return rows.map(overrideOf);
}

export async function putSiteSpaceCustomization(
  db: SqlExecutor,
  ids: { siteId: string; siteSpaceId: string },
  settings: Record<string, unknown>,
  now: Date,
): Promise<StoredSiteSpaceCustomization> {
  const row = await table(db)
    .insertInto('site_space_customizations')
    .values({ site_space_id: ids.siteSpaceId, site_id: ids.siteId, settings: JSON.stringify(settings), updated_at: now })
    .onConflict((oc) => oc.column('site_space_id').doUpdateSet((eb) => ({ settings: eb.ref('excluded.settings'), updated_at: eb.ref('excluded.updated_at') })))
    .returningAll()
    .executeTakeFirstOrThrow();
  return overrideOf(row);
}

/** Whether there was an override to delete. */
export async function deleteSiteSpaceCustomization(db: SqlExecutor, siteSpaceId: string): Promise<boolean> {
  const result = await table(db).deleteFrom('site_space_customizations').where('site_space_id', '=', siteSpaceId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
