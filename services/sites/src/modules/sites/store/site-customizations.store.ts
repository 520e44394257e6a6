import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteCustomizationsTable } from '../../../database';
import type { StoredSiteCustomization } from '../model/site-customization';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function customizationOf(row: Selectable<SiteCustomizationsTable>): StoredSiteCustomization {
  // Only putSiteCustomization writes the column, always an object.
  return { siteId: row.site_id, settings: row.settings as Record<string, unknown>, updatedAt: row.updated_at };
}

export async function findSiteCustomization(db: SqlExecutor, siteId: string): Promise<StoredSiteCustomization | null> {
  const row = await table(db).selectFrom('site_customizations').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  return row ? customizationOf(row) : null;
}

/** Replaces the site's customization (PUT: a full replacement). */
export async function putSiteCustomization(db: SqlExecutor, siteId: string, settings: Record<string, unknown>, now: Date): Promise<StoredSiteCustomization> {
  const row = await table(db)
    .insertInto('site_customizations')
    .values({ site_id: siteId, settings: JSON.stringify(settings), updated_at: now })
    .onConflict((oc) => oc.column('site_id').doUpdateSet((eb) => ({ settings: eb.ref('excluded.settings'), updated_at: eb.ref('excluded.updated_at') })))
    .returningAll()
    .executeTakeFirstOrThrow();
  return customizationOf(row);
}
