import { placeDocuments, type GitLayoutPage } from '@quire/formats';
import type { StoredPage } from '../../revisions';

// Where a published page lives in the space's Git Sync repository, for the reader's "Edit on Git"
// link (docs/reader.md): the repository's web address of a file on the synced branch, and each
// document's path from the repository's root: the one the revision's Git Sync recorded (it was
// read from, or written to, that path: a `.gitbook.yaml` `root` and the project directory in it),
// else the file Git Sync's export writes (README.md first, `<path>/README.md` for a page with
// children, else `<path>.md`) under the project directory. Pure.

/** The Git Sync state the links are built from (Space.gitSync, credentials already removed). */
export interface GitEditSource {
  remote: string;
  ref: string;
  treeUrl: string | null;
  projectDirectory: string | null;
}

/**
 * The web address of the repository's files, ending with `/`, or '' when none is known: the tree URL
 * the sync was given (`…/tree/main` → `…/blob/main/`, GitLab's `…/-/tree/main` likewise), else a
 * GitHub or GitLab https remote with its branch. Only https addresses: never another scheme.
 */
export function gitBlobBase(sync: GitEditSource | null): string {
  if (!sync) return '';
  return blobOfTreeUrl(sync.treeUrl) ?? blobOfRemote(sync.remote, sync.ref) ?? '';
}

function httpsUrl(raw: string | null): URL | undefined {
  try {
    const url = raw ? new URL(raw) : undefined;
    return url && url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash ? url : undefined;
  } catch {
    return undefined;
  }
}

function blobOfTreeUrl(treeUrl: string | null): string | undefined {
  const url = httpsUrl(treeUrl);
  const match = url && /^(\/.+?)\/(-\/)?tree\/(.+)$/.exec(url.pathname.replace(/\/+$/, ''));
  return url && match ? `${url.origin}${match[1]}/${match[2] ?? ''}blob/${match[3]}/` : undefined;
}

function blobOfRemote(remote: string, ref: string): string | undefined {
  const url = httpsUrl(remote);
  const branch = /^refs\/heads\/(.+)$/.exec(ref)?.[1] ?? (ref.startsWith('refs/') || ref === 'HEAD' ? undefined : ref);
  if (!url || !branch) return undefined;
  const repo = `${url.origin}${url.pathname.replace(/\.git\/*$/, '').replace(/\/+$/, '')}`;
  const branchPath = branch.split('/').map(encodeURIComponent).join('/');
  if (url.hostname === 'github.com') return `${repo}/blob/${branchPath}/`;
  if (url.hostname === 'gitlab.com' || url.hostname.startsWith('gitlab.')) return `${repo}/-/blob/${branchPath}/`;
  return undefined;
}

/**
 * Each document's path in the repository, by page id: the revision's recorded Git Sync path when it
 * has one (`recorded`, Revision.gitBlobs), else the export's file under the project directory.
 */
export function gitFilesOf(
  children: ReadonlyMap<string | null, StoredPage[]>,
  sync: Pick<GitEditSource, 'projectDirectory'>,
  recorded: Readonly<Record<string, { path: string }>> | null,
): Map<string, string> {
  const ids = new Map<GitLayoutPage, string>();
  const build = (parentId: string | null): GitLayoutPage[] =>
    (children.get(parentId) ?? []).flatMap((page): GitLayoutPage[] => {
      // As the export: a link to a page or file of the space has no place in the repository.
      if (page.kind === 'link' && page.target?.kind !== 'url') return [];
      const out: GitLayoutPage = { kind: page.kind, title: page.title, slug: page.slug, children: build(page.id) };
      ids.set(out, page.id);
      return [out];
    });
  const project = (sync.projectDirectory ?? '').replace(/^\/+|\/+$/g, '');
  const files = new Map<string, string>();
  for (const [page, placed] of placeDocuments(build(null))) {
    const id = ids.get(page) as string;
    files.set(id, recorded?.[id]?.path ?? (project ? `${project}/${placed.file}` : placed.file));
  }
  return files;
}
