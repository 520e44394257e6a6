import type { SqlDatabase } from '../sql/database';
import { queryOne } from '../sql/typed';
import { blobKey, isBlobKey, type BlobStore } from './blob-store';

/** Blobs in the service's own PostgreSQL database (`blobs`, common migration 004): every replica reads them. */
export class PgBlobStore implements BlobStore {
  constructor(private readonly db: SqlDatabase) {}

  async put(bytes: Buffer): Promise<string> {
    const key = blobKey(bytes);
    await this.db.query('INSERT INTO blobs (key, size, bytes) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [key, bytes.length, bytes]);
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isBlobKey(key)) return null;
    const bytes = (await queryOne<{ bytes: Uint8Array }>(this.db, 'SELECT bytes FROM blobs WHERE key = $1', [key]))?.bytes;
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    const valid = keys.filter(isBlobKey);
    if (valid.length) await this.db.query('DELETE FROM blobs WHERE key = ANY($1)', [valid]);
  }
}
