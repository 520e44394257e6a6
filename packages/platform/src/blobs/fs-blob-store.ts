import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { blobKey, isBlobKey, type BlobStore } from './blob-store';

/** Blobs as files under one directory (embedded mode: one process owns DATA_DIR). */
export class FsBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), key);
  }

  async put(bytes: Buffer): Promise<string> {
    const key = blobKey(bytes);
    const path = this.pathOf(key);
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (exists) return key;
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    // Written aside and renamed: a reader never sees half a blob, a crash leaves only a temp file.
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, path);
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isBlobKey(key)) return null;
    return readFile(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.filter(isBlobKey).map((key) => rm(this.pathOf(key), { force: true })));
  }
}
