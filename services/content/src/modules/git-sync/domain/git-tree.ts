import { createHash } from 'node:crypto';
import type { TreeEntry } from 'isomorphic-git';
import { GitSyncError } from './git-sync-error';

// The trees of a new commit, planned in memory from the files to write (and, when writing under a
// folder, the parent commit's trees along that folder's path), then compared with the parent's
// trees top-down so that only the objects the remote lacks are written and sent: a one-file change
// costs the blob, the trees on its path and the commit, however large the repository.

export interface GitFile {
  /** Slash-separated, relative to the folder the files are written under. */
  path: string;
  bytes: Buffer;
}

const FILE_MODE = '100644';
const TREE_MODE = '040000';

/** Git's object id of a file's content: sha1 of `blob <length>\0<bytes>`. */
export function blobOid(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Git's object id of a tree: entries sorted by UTF-8 bytes, a folder's name as if it ended in `/`. */
export function treeOid(entries: readonly TreeEntry[]): string {
  const body = treeBody(entries);
  return createHash('sha1').update(`tree ${body.length}\0`).update(body).digest('hex');
}

/** A tree object's content, as hashed and as packed. */
export function treeBody(entries: readonly TreeEntry[]): Buffer {
  return Buffer.concat(
    sortTreeEntries(entries).map((e) => Buffer.concat([Buffer.from(`${e.mode.replace(/^0/, '')} ${e.path}\0`, 'utf8'), Buffer.from(e.oid, 'hex')])),
  );
}

function sortTreeEntries(entries: readonly TreeEntry[]): TreeEntry[] {
  const key = (e: TreeEntry) => Buffer.from(e.type === 'tree' ? `${e.path}/` : e.path, 'utf8');
  return [...entries].sort((a, b) => Buffer.compare(key(a), key(b)));
}

export type TreeNode = BlobNode | FolderNode | KeptNode;
interface BlobNode {
  kind: 'blob';
  oid: string;
  bytes: Buffer;
}
export interface FolderNode {
  kind: 'folder';
  children: Map<string, TreeNode>;
  /** Set by sealing the plan. */
  oid: string;
  entries: TreeEntry[];
}
/** An entry of the parent commit outside the folder being written: referenced, never read. */
interface KeptNode {
  kind: 'kept';
  entry: TreeEntry;
}

/** The path segments of a file or folder; refuses what Git (or a checkout of it) cannot hold. */
export function pathSegments(path: string, what: 'file' | 'folder'): string[] {
  const segments = path.split('/').filter((s, i, all) => !(what === 'folder' && s === '' && (i === 0 || i === all.length - 1)));
  const isValid =
    (what === 'folder' || segments.length > 0) &&
    segments.every((s) => s !== '' && s !== '.' && s !== '..' && s.toLowerCase() !== '.git' && !s.includes('\0') && !s.includes('\\'));
  if (!isValid) throw new GitSyncError('invalid-path', `${what} path ${JSON.stringify(path)} cannot be written to a Git tree`);
  return segments;
}

/**
 * The new root tree: `files` under the folder `directory` (segments), and at each level above it
 * the parent's other entries (`keptLevels[i]` lists the parent tree at depth i along the folder).
 */
export function planTree(files: readonly GitFile[], directory: readonly string[], keptLevels: readonly TreeEntry[][]): FolderNode {
  const root = folder();
  let target = root;
  directory.forEach((name, depth) => {
    for (const entry of keptLevels[depth] ?? []) if (entry.path !== name) target.children.set(entry.path, { kind: 'kept', entry });
    const child = folder();
    target.children.set(name, child);
    target = child;
  });
  for (const file of files) {
    const segments = pathSegments(file.path, 'file');
    let cursor = target;
    for (const name of segments.slice(0, -1)) {
      const next = cursor.children.get(name) ?? folder();
      if (next.kind !== 'folder') throw conflict(file.path);
      cursor.children.set(name, next);
      cursor = next;
    }
    const name = segments[segments.length - 1]!;
    if (cursor.children.has(name)) throw conflict(file.path);
    cursor.children.set(name, { kind: 'blob', oid: blobOid(file.bytes), bytes: file.bytes });
  }
  seal(root);
  return root;
}

/** Computes every folder's entries and oid, bottom-up; empty folders disappear (Git has none). */
function seal(node: FolderNode): void {
  for (const [name, child] of node.children) {
    if (child.kind !== 'folder') continue;
    seal(child);
    if (child.entries.length === 0) node.children.delete(name);
  }
  node.entries = [...node.children].map(([path, child]): TreeEntry => {
    if (child.kind === 'kept') return child.entry;
    if (child.kind === 'blob') return { mode: FILE_MODE, path, oid: child.oid, type: 'blob' };
    return { mode: TREE_MODE, path, oid: child.oid, type: 'tree' };
  });
  node.oid = treeOid(node.entries);
}

export type NewObject = { kind: 'blob'; oid: string; bytes: Buffer } | { kind: 'tree'; oid: string; entries: TreeEntry[] };

/**
 * The objects of `plan` that the parent's tree does not have at the same place, found top-down:
 * an unchanged folder is skipped whole, so the parent's trees are read only along changed paths.
 */
export async function newObjects(plan: FolderNode, parentTree: string | null, readTree: (oid: string) => Promise<TreeEntry[]>): Promise<NewObject[]> {
  const found = new Map<string, NewObject>();
  const visit = async (node: FolderNode, before: string | null): Promise<void> => {
    if (node.oid === before) return;
    found.set(node.oid, { kind: 'tree', oid: node.oid, entries: node.entries });
    const previous = new Map((before ? await readTree(before) : []).map((e) => [e.path, e]));
    for (const [name, child] of node.children) {
      const old = previous.get(name);
      if (child.kind === 'blob' && old?.oid !== child.oid) found.set(child.oid, { kind: 'blob', oid: child.oid, bytes: child.bytes });
      if (child.kind === 'folder') await visit(child, old?.type === 'tree' ? old.oid : null);
    }
  };
  await visit(plan, parentTree);
  return [...found.values()];
}

function folder(): FolderNode {
  return { kind: 'folder', children: new Map(), oid: '', entries: [] };
}

function conflict(path: string): GitSyncError {
  return new GitSyncError('invalid-path', `file path ${JSON.stringify(path)} is given twice, or a file and a folder share its name`);
}
