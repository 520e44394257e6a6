import fs from 'node:fs';
import type { CommitObject, TreeEntry } from 'isomorphic-git';
import { isomorphicGit } from './git-library';

// The local object database of one sync: a bare repository in the caller's work folder, read and
// read through isomorphic-git. Fetches fill it; a push reads the parent's trees from it
// and sends a pack built in memory (git-pack.ts).

export class GitObjectStore {
  /** isomorphic-git's parsed-pack cache, shared by every read of this sync. */
  private readonly cache = {};

  private constructor(readonly gitdir: string) {}

  /** Creates the bare repository unless the folder already holds one (a fetch before a push). */
  static async open(gitdir: string): Promise<GitObjectStore> {
    await isomorphicGit().init({ fs, gitdir, bare: true, defaultBranch: 'main' });
    // isomorphic-git's fetch needs a refspec even when given a URL; no URL is stored (it may hold credentials).
    await isomorphicGit().setConfig({ fs, gitdir, path: 'remote.origin.fetch', value: '+refs/heads/*:refs/remotes/origin/*' });
    return new GitObjectStore(gitdir);
  }

  get location(): { fs: typeof fs; gitdir: string; cache: object } {
    return { fs, gitdir: this.gitdir, cache: this.cache };
  }

  async hasCommit(oid: string): Promise<boolean> {
    try {
      await isomorphicGit().readCommit({ ...this.location, oid });
      return true;
    } catch {
      return false;
    }
  }

  async readCommit(oid: string): Promise<CommitObject> {
    return (await isomorphicGit().readCommit({ ...this.location, oid })).commit;
  }

  async readTree(oid: string): Promise<TreeEntry[]> {
    return (await isomorphicGit().readTree({ ...this.location, oid })).tree;
  }

  async readBlob(oid: string): Promise<Buffer> {
    const { blob } = await isomorphicGit().readBlob({ ...this.location, oid });
    return Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  }
}
