import { insertedRow, queryOne, type SqlExecutor } from '@quire/platform/sql';
import type { StoredSiteCustomization } from '../model/site-customization';

interface CustomizationRow {
  site_id: string;
  settings: Record<string, unknown>;
  updated_at: Date;
}

function customizationOf(row: CustomizationRow): StoredSiteCustomization {
  return { siteId: row.site_id, settings: row.settings, updatedAt: row.updated_at };
}

export async function findSiteCustomization(db: SqlExecutor, siteId: string): Promise<StoredSiteCustomization | null> {
  const row = await queryOne<CustomizationRow>(db, 'SELECT * FROM site_customizations WHERE site_id = $1', [siteId]);
  return row && customizationOf(row);
}

/** Replaces the site's customization (PUT: a full replacement). */
export async function putSiteCustomization(db: SqlExecutor, siteId: string, settings: Record<string, unknown>, now: Date): Promise<StoredSiteCustomization> {
  return customizationOf(
    await insertedRow<CustomizationRow>(
      db,
      `INSERT INTO site_customizations (site_id, settings, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (site_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at RETURNING *`,
      [siteId, JSON.stringify(settings), now],
    ),
  );
}
