import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SitePublishingAuthTable } from '../../../database';
import type { PublishingAuthChanges, PublishingAuthRecord, VisitorAuthBackend } from '../model/publishing-auth';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function publishingAuthOf(row: Selectable<SitePublishingAuthTable>): PublishingAuthRecord {
  return {
    siteId: row.site_id,
    // Only this store writes the column, and only VisitorAuthBackend values.
    backend: row.backend as VisitorAuthBackend,
    privateKeySealed: row.private_key_sealed,
    fallbackUrl: row.fallback_url,
    logoutUrl: row.logout_url,
    updatedAt: row.updated_at,
  };
}

export async function findPublishingAuth(db: SqlExecutor, siteId: string): Promise<PublishingAuthRecord | null> {
  const row = await table(db).selectFrom('site_publishing_auth').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  return row ? publishingAuthOf(row) : null;
}

/** The site's row, created with `privateKeySealed` when it has none (concurrent first reads keep one key). Locked. */
export async function ensurePublishingAuth(
  db: SqlExecutor,
  siteId: string,
  privateKeySealed: string,
  now: Date,
): Promise<{ record: PublishingAuthRecord; created: boolean }> {
  const inserted = await table(db)
    .insertInto('site_publishing_auth')
    .values({ site_id: siteId, backend: 'custom', private_key_sealed: privateKeySealed, updated_at: now })
    .onConflict((oc) => oc.column('site_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { record: publishingAuthOf(inserted), created: true };
  const row = await table(db).selectFrom('site_publishing_auth').selectAll().where('site_id', '=', siteId).forUpdate().executeTakeFirst();
  if (!row) throw new Error(`site_publishing_auth row of ${siteId} vanished`);
  return { record: publishingAuthOf(row), created: false };
}

export async function updatePublishingAuthRow(db: SqlExecutor, siteId: string, changes: PublishingAuthChanges, now: Date): Promise<PublishingAuthRecord> {
  const row = await table(db)
    .updateTable('site_publishing_auth')
    .set({ backend: changes.backend, fallback_url: changes.fallbackUrl, logout_url: changes.logoutUrl, updated_at: now })
    .where('site_id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`site_publishing_auth row of ${siteId} missing`);
  return publishingAuthOf(row);
}

export async function replaceSigningKey(db: SqlExecutor, siteId: string, privateKeySealed: string, now: Date): Promise<PublishingAuthRecord> {
  const row = await table(db)
    .updateTable('site_publishing_auth')
    .set({ private_key_sealed: privateKeySealed, updated_at: now })
    .where('site_id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`site_publishing_auth row of ${siteId} missing`);
  return publishingAuthOf(row);
}
