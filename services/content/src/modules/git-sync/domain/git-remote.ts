import { join } from 'node:path';
import type { GitSyncLimits } from '../../../settings';
import type { OutboundFetcher } from '@quire/platform/outbound';
import type { TreeEntry } from 'isomorphic-git';
import { runStage } from './git-stage';
import { GitObjectStore } from './git-store';
import { buildPack, commitBody, objectOid } from './git-pack';
import { danglingHead, GitSyncError } from './git-sync-error';
import { discoverRefs, fetchShallow, sendPack, type RemoteRefs } from './git-transport';
import { newObjects, pathSegments, planTree, treeBody, type GitFile } from './git-tree';
import { fullRefName, parseRemoteUrl, type GitRemoteAddress } from './git-url';

// The Git transport of Git Sync: a space's files from and to one ref of a remote
// repository over smart HTTP, through the outbound module. Pure of Quire's database: the caller
// maps pages to files and owns the work folder.

export { blobOid } from './git-tree';
export type { GitFile } from './git-tree';
export { GitSyncError, type GitSyncErrorKind } from './git-sync-error';

/** The bounds a fetch or push holds (their defaults and documentation: settings.ts, GitSyncLimits). */
export type GitRemoteLimits = Pick<GitSyncLimits, 'maxRepoBytes' | 'maxFiles' | 'maxFileBytes' | 'maxObjects' | 'stageTimeoutMs' | 'idleTimeoutMs'>;

export interface GitRemote {
  /** http(s), optionally with `user:token@`. */
  url: string;
  /** `main`, `refs/heads/main`; `HEAD` (the default branch) for reads. */
  ref: string;
}

export interface GitRemoteDeps {
  fetcher: Pick<OutboundFetcher, 'request'>;
  limits: GitRemoteLimits;
  /** A folder the caller creates and removes; a push after a fetch in the same folder reuses its objects. */
  workDir: string;
}

export interface FetchedTree {
  commitOid: string;
  commitMessage: string;
  /** Regular files (symbolic links and submodules are left out), paths relative to the folder read. */
  files: Array<{ path: string; oid: string; bytes: Buffer }>;
}

export interface PushResult {
  /** The ref's new commit; the parent itself when the files changed nothing (no commit is made). */
  commitOid: string;
  /** Objects sent: the new blobs, the trees on their paths and the commit. */
  objectsPushed: number;
  parentOid: string | null;
}

export interface GitCommitOptions {
  message: string;
  /** Quire's identity when omitted; the committer is always Quire. */
  author?: { name: string; email: string };
  /**
   * The commit the caller last saw at the ref (null: the ref should not exist yet). When the ref is
   * elsewhere the push is refused as non-fast-forward, unless `force`. Either way the new commit is a
   * child of the ref's current commit: the remote's history is never rewritten.
   */
  expectedParent?: string | null;
  force?: boolean;
  /** Write the files under this folder and keep the rest of the parent's tree. */
  directory?: string;
}

export const QUIRE_GIT_IDENTITY = { name: 'Quire', email: 'quire@localhost' } as const;

/** The ref's current commit (ls-remote); null when it does not exist. */
export async function headOf(remote: GitRemote, deps: Pick<GitRemoteDeps, 'fetcher' | 'limits'>): Promise<string | null> {
  const address = parseRemoteUrl(remote.url);
  const ref = fullRefName(remote.ref, true);
  const advertised = await runStage('discover', address, deps, ({ http }) => discoverRefs(http, address.url, 'upload'));
  return resolveRef(advertised, ref, address);
}

/** The files at the ref's current commit (under `directory` when given), from a depth-1 fetch. */
export async function fetchTree(remote: GitRemote, deps: GitRemoteDeps & { directory?: string }): Promise<FetchedTree> {
  const address = parseRemoteUrl(remote.url);
  const ref = fullRefName(remote.ref, true);
  const directory = pathSegments(deps.directory ?? '', 'folder');
  const advertised = await runStage('discover', address, deps, ({ http }) => discoverRefs(http, address.url, 'upload'));
  const head = resolveRef(advertised, ref, address);
  if (!head) throw new GitSyncError('ref-not-found', `${address.display} has no ${remote.ref}`);
  // isomorphic-git's fetch needs the remote's HEAD even for another ref (the HEAD trap).
  if (!advertised.refs.has('HEAD')) throw danglingHead(address.display);
  const store = await GitObjectStore.open(join(deps.workDir, 'repository.git'));
  return runStage('fetch', address, deps, async ({ http }) => {
    const commitOid = (await store.hasCommit(head))
      ? head
      : await fetchShallow(store, http, address.url, advertised.headTarget && ref === 'HEAD' ? advertised.headTarget : ref);
    const commit = await store.readCommit(commitOid);
    const entries = await listFiles(store, commit.tree, directory, deps.limits);
    let total = 0;
    const files: FetchedTree['files'] = [];
    for (const entry of entries) {
      const bytes = await store.readBlob(entry.oid);
      if (bytes.length > deps.limits.maxFileBytes) {
        throw new GitSyncError('too-large', `${entry.path} is ${bytes.length} bytes, more than the limit of ${deps.limits.maxFileBytes}`, {
          limit: 'maxFileBytes',
        });
      }
      total += bytes.length;
      if (total > deps.limits.maxRepoBytes)
        throw new GitSyncError('too-large', `the files are more than the limit of ${deps.limits.maxRepoBytes} bytes`, { limit: 'maxRepoBytes' });
      files.push({ path: entry.path, oid: entry.oid, bytes });
    }
    return { commitOid, commitMessage: commit.message, files };
  });
}

/**
 * Commits `files` at the ref (under `commit.directory` when given) and pushes only the objects the
 * remote lacks: a depth-1 fetch of the parent (skipped when the work folder has it), the new trees
 * planned against the parent's, and one receive-pack request whose ref update fails if the ref moved.
 */
export async function pushTree(remote: GitRemote, files: readonly GitFile[], commit: GitCommitOptions, deps: GitRemoteDeps): Promise<PushResult> {
  const address = parseRemoteUrl(remote.url);
  const ref = fullRefName(remote.ref, false);
  const directory = pathSegments(commit.directory ?? '', 'folder');
  const store = await GitObjectStore.open(join(deps.workDir, 'repository.git'));
  const advertised = await runStage('discover', address, deps, ({ http }) => discoverRefs(http, address.url, 'receive'));
  let parent = advertised.refs.get(ref) ?? null;
  checkExpectedParent(commit, parent, ref, address);
  if (parent && !(await store.hasCommit(parent))) {
    parent = await runStage('fetch', address, deps, ({ http }) => fetchShallow(store, http, address.url, ref));
    checkExpectedParent(commit, parent, ref, address); // it may have moved since the discovery
  }
  return runStage('push', address, deps, async (stage) => {
    const written = await writeCommit(store, parent, files, directory, commit);
    if (written.objects.length === 0) return { commitOid: written.commitOid, objectsPushed: 0, parentOid: parent };
    const update = { ref, oldOid: parent, newOid: written.commitOid };
    const refused = await sendPack(stage, address.url, address.display, update, advertised.capabilities, written.pack);
    if (refused !== null) {
      // git-http-backend says only "failed to update ref" when the ref moved under the push: look.
      const current = (await discoverRefs(stage.http, address.url, 'receive')).refs.get(ref) ?? null;
      if (current !== parent || /fetch first|non-fast-forward|stale info/.test(refused)) {
        throw new GitSyncError('non-fast-forward', `${ref} moved on ${address.display} during the push: fetch its changes and try again`);
      }
      throw new GitSyncError('push-rejected', `${address.display} refused to update ${ref}: ${refused}`);
    }
    return { commitOid: written.commitOid, objectsPushed: written.objects.length, parentOid: parent };
  });
}

/**
 * Writes the commit of `files` on `parent` into the store: the planned trees, and of them and the
 * blobs only those the parent lacks. Returns the objects to send, the commit last; none (and the
 * parent as the commit) when the files change nothing.
 */
async function writeCommit(
  store: GitObjectStore,
  parent: string | null,
  files: readonly GitFile[],
  directory: readonly string[],
  commit: GitCommitOptions,
): Promise<{ commitOid: string; objects: string[]; pack: Buffer }> {
  const parentTree = parent ? (await store.readCommit(parent)).tree : null;
  const plan = planTree(files, directory, await treesAlong(store, parentTree, directory));
  if (parent && plan.oid === parentTree) return { commitOid: parent, objects: [], pack: Buffer.alloc(0) };
  const objects = await newObjects(plan, parentTree, (oid) => store.readTree(oid));
  const packed = objects.map((o) => (o.kind === 'blob' ? { type: 'blob' as const, body: o.bytes } : { type: 'tree' as const, body: treeBody(o.entries) }));
  const body = commitBody({
    tree: plan.oid,
    parents: parent ? [parent] : [],
    author: commit.author ?? QUIRE_GIT_IDENTITY,
    committer: QUIRE_GIT_IDENTITY,
    timestamp: Math.floor(Date.now() / 1000),
    message: commit.message.endsWith('\n') ? commit.message : `${commit.message}\n`,
  });
  const commitOid = objectOid('commit', body);
  // Sent as one pack built in memory: nothing of it is needed on this disk afterwards.
  return { commitOid, objects: [...objects.map((o) => o.oid), commitOid], pack: buildPack([...packed, { type: 'commit', body }]) };
}

function resolveRef(advertised: RemoteRefs, ref: string, address: GitRemoteAddress): string | null {
  if (ref === 'HEAD' && !advertised.refs.has('HEAD') && advertised.refs.size > 0) throw danglingHead(address.display);
  return advertised.refs.get(ref) ?? null;
}

function checkExpectedParent(commit: GitCommitOptions, parent: string | null, ref: string, address: GitRemoteAddress): void {
  if (commit.expectedParent === undefined || commit.force || commit.expectedParent === parent) return;
  const now = parent ? `is at ${parent}` : 'does not exist';
  throw new GitSyncError(
    'non-fast-forward',
    `${ref} on ${address.display} ${now}, not at ${commit.expectedParent ?? 'nothing'}: fetch its changes first, or force`,
  );
}

/** The parent's trees at each depth along `directory` (above it), for the entries a push keeps. */
async function treesAlong(store: GitObjectStore, root: string | null, directory: readonly string[]): Promise<TreeEntry[][]> {
  const levels: TreeEntry[][] = [];
  let oid = root;
  for (const name of directory) {
    const entries = oid ? await store.readTree(oid) : [];
    levels.push(entries);
    const next = entries.find((e) => e.path === name);
    oid = next?.type === 'tree' ? next.oid : null;
  }
  return levels;
}

/** Characters of a path a walk descends to: deeper trees are refused, not followed. */
const MAX_PATH_LENGTH = 4096;

/**
 * The regular files under `directory` in a tree, refused past `maxFiles` before any is read. Every
 * entry walked counts against `maxObjects` (trees, links and submodules too: 4 trees of 16 entries
 * nest into 65,536 paths), and each tree is read once however often it is reached.
 */
async function listFiles(
  store: GitObjectStore,
  root: string,
  directory: readonly string[],
  limits: GitRemoteLimits,
): Promise<Array<{ path: string; oid: string }>> {
  const trees = new Map<string, TreeEntry[]>();
  const readTree = async (oid: string) => {
    let entries = trees.get(oid);
    if (!entries) trees.set(oid, (entries = await store.readTree(oid)));
    return entries;
  };
  let start: string | null = root;
  for (const name of directory) {
    const entry: TreeEntry | undefined = start ? (await readTree(start)).find((e) => e.path === name) : undefined;
    start = entry?.type === 'tree' ? entry.oid : null;
  }
  const files: Array<{ path: string; oid: string }> = [];
  const pending: Array<{ oid: string; prefix: string }> = start ? [{ oid: start, prefix: '' }] : [];
  let walked = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    for (const entry of await readTree(next.oid)) {
      if (++walked > limits.maxObjects)
        throw new GitSyncError('too-large', `the repository's trees hold more than the limit of ${limits.maxObjects} objects`, { limit: 'maxObjects' });
      const path = `${next.prefix}${entry.path}`;
      if (path.length > MAX_PATH_LENGTH) throw new GitSyncError('invalid-path', `the repository has a path longer than ${MAX_PATH_LENGTH} characters`);
      if (entry.type === 'tree') pending.push({ oid: entry.oid, prefix: `${path}/` });
      else if (entry.type === 'blob' && entry.mode !== '120000') files.push({ path, oid: entry.oid });
      if (files.length > limits.maxFiles)
        throw new GitSyncError('too-large', `the repository has more than the limit of ${limits.maxFiles} files`, { limit: 'maxFiles' });
    }
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
