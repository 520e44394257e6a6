import { sql } from 'kysely';
import type { SqlDatabase } from '../sql/database';
import { typedSql } from '../sql/kysely';
import type { Database } from '../sql/platform-database';
import { blobKey, isBlobKey, type BlobStore } from './blob-store';

/** Blobs in the service's own PostgreSQL database (`blobs`, common migration 004): every replica reads them. */
export class PgBlobStore implements BlobStore {
  constructor(private readonly db: SqlDatabase) {}

  async put(bytes: Buffer): Promise<string> {
    const key = blobKey(bytes);
    await this.table()
      .insertInto('blobs')
      .values({ key, size: bytes.length, bytes })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isBlobKey(key)) return null;
    const bytes = (await this.table().selectFrom('blobs').select('bytes').where('key', '=', key).executeTakeFirst())?.bytes;
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    const valid = keys.filter(isBlobKey);
    if (valid.length)
      await this.table()
        .deleteFrom('blobs')
        .where('key', '=', sql<string>`ANY(${valid})`)
        .execute();
  }

  private table() {
    return typedSql<Database>(this.db);
  }
}
