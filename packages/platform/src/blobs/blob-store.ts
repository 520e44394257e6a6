import { createHash } from 'node:crypto';

// The blob port: file bytes, content-addressed (the key is the SHA-256 of the bytes), so two
// revisions, spaces or imports that hold the same image store it once. Embedded mode keeps blobs
// on the local disk under DATA_DIR; distributed mode in the service's PostgreSQL database, which
// every replica reads (docs/content.md, Files).

export interface BlobStore {
  /** Stores the bytes (a no-op when they are already stored) and answers their key. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes, or null when no blob has this key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes blobs (unknown keys are ignored). */
  delete(keys: readonly string[]): Promise<void>;
}

export function blobKey(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A key as `blobKey` makes them: what any store accepts before touching disk or database. */
export function isBlobKey(key: string): boolean {
  return /^[0-9a-f]{64}$/.test(key);
}
