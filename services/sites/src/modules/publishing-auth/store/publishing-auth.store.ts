import { queryOne, type SqlExecutor } from '@quire/platform/sql';
import type { PublishingAuthChanges, PublishingAuthRecord, VisitorAuthBackend } from '../model/publishing-auth';

interface PublishingAuthRow {
  site_id: string;
  backend: string;
  private_key_sealed: string;
  fallback_url: string | null;
  logout_url: string | null;
  updated_at: Date;
}

function publishingAuthOf(row: PublishingAuthRow): PublishingAuthRecord {
  return {
    siteId: row.site_id,
    backend: row.backend as VisitorAuthBackend,
    privateKeySealed: row.private_key_sealed,
    fallbackUrl: row.fallback_url,
    logoutUrl: row.logout_url,
    updatedAt: row.updated_at,
  };
}

export async function findPublishingAuth(db: SqlExecutor, siteId: string): Promise<PublishingAuthRecord | null> {
  const row = await queryOne<PublishingAuthRow>(db, 'SELECT * FROM site_publishing_auth WHERE site_id = $1', [siteId]);
  return row && publishingAuthOf(row);
}

/** The site's row, created with `privateKeySealed` when it has none (concurrent first reads keep one key). Locked. */
export async function ensurePublishingAuth(
  db: SqlExecutor,
  siteId: string,
  privateKeySealed: string,
  now: Date,
): Promise<{ record: PublishingAuthRecord; created: boolean }> {
  const inserted = await queryOne<PublishingAuthRow>(
    db,
    `INSERT INTO site_publishing_auth (site_id, backend, private_key_sealed, updated_at) VALUES ($1, 'custom', $2, $3)
     ON CONFLICT (site_id) DO NOTHING RETURNING *`,
    [siteId, privateKeySealed, now],
  );
  if (inserted) return { record: publishingAuthOf(inserted), created: true };
  const row = await queryOne<PublishingAuthRow>(db, 'SELECT * FROM site_publishing_auth WHERE site_id = $1 FOR UPDATE', [siteId]);
  if (!row) throw new Error(`site_publishing_auth row of ${siteId} vanished`);
  return { record: publishingAuthOf(row), created: false };
}

export async function updatePublishingAuth(db: SqlExecutor, siteId: string, changes: PublishingAuthChanges, now: Date): Promise<PublishingAuthRecord> {
  const row = await queryOne<PublishingAuthRow>(
    db,
    `UPDATE site_publishing_auth SET backend = $2,
       fallback_url = CASE WHEN $3::boolean THEN $4 ELSE fallback_url END,
       logout_url = CASE WHEN $5::boolean THEN $6 ELSE logout_url END,
       updated_at = $7
     WHERE site_id = $1 RETURNING *`,
    [siteId, changes.backend, changes.fallbackUrl !== undefined, changes.fallbackUrl ?? null, changes.logoutUrl !== undefined, changes.logoutUrl ?? null, now],
  );
  if (!row) throw new Error(`site_publishing_auth row of ${siteId} missing`);
  return publishingAuthOf(row);
}

export async function replaceSigningKey(db: SqlExecutor, siteId: string, privateKeySealed: string, now: Date): Promise<PublishingAuthRecord> {
  const row = await queryOne<PublishingAuthRow>(db, 'UPDATE site_publishing_auth SET private_key_sealed = $2, updated_at = $3 WHERE site_id = $1 RETURNING *', [
    siteId,
    privateKeySealed,
    now,
  ]);
  if (!row) throw new Error(`site_publishing_auth row of ${siteId} missing`);
  return publishingAuthOf(row);
}
