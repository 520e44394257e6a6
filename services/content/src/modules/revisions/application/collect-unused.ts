import type { BlobStore } from '@quire/platform/blobs';
import type { SqlDatabase } from '@quire/platform/sql';
import { deleteUnusedBodies, findUnusedBlobs, forgetBlobs } from '../store/revision-content.store';

/** What an import may reuse while it runs (it touches what it reuses): ten minutes of grace. */
export const UNUSED_GRACE_SECONDS = 600;
const BLOB_BATCH = 500;

/**
 * Removes page bodies and blobs that no revision uses any more (after purged spaces, failed
 * imports). Content-addressed data is shared, so only what nothing references goes.
 */
export async function collectUnusedContent(db: SqlDatabase, blobs: BlobStore, graceSeconds = UNUSED_GRACE_SECONDS): Promise<{ bodies: number; blobs: number }> {
  const bodies = await deleteUnusedBodies(db, graceSeconds);
  let removed = 0;
  for (;;) {
    const keys = await findUnusedBlobs(db, graceSeconds, BLOB_BATCH);
    if (!keys.length) break;
    await blobs.delete(keys);
    await forgetBlobs(db, keys, graceSeconds);
    removed += keys.length;
    if (keys.length < BLOB_BATCH) break;
  }
  return { bodies, blobs: removed };
}
