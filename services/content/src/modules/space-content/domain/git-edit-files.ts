import { placeDocuments, type GitLayoutPage } from '@quire/formats';
import type { StoredPage } from '../../revisions';

// Where a published page lives in the space's Git Sync repository, for the reader's "Edit on Git"
// link (docs/reader.md): the repository's web address of a file on the synced branch, and each
// document's file as Git Sync's export writes it (README.md first, `<path>/README.md` for a page
// with children, else `<path>.md`). Pure.

/** The Git Sync state the links are built from (Space.gitSync, credentials already removed). */
export interface GitEditSource {
  remote: string;
  ref: string;
  treeUrl: string | null;
  projectDirectory: string | null;
}

/**
 * The web address files are shown at, ending with `/`, or '' when none is known: the tree URL the
 * sync was given (`…/tree/main` → `…/blob/main/`, GitLab's `…/-/tree/main` likewise), else a GitHub
 * or GitLab https remote with its branch. Only https addresses: never another scheme.
 */
export function gitBlobBase(sync: GitEditSource | null): string {
  if (!sync) return '';
  const base = blobOfTreeUrl(sync.treeUrl) ?? blobOfRemote(sync.remote, sync.ref);
  if (!base) return '';
  const project = (sync.projectDirectory ?? '').replace(/^\/+|\/+$/g, '');
  return `${base}${project ? `${project.split('/').map(encodeURIComponent).join('/')}/` : ''}`;
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

/** Each document's file in the repository, by page id, from the content's root. */
export function gitFilesOf(children: ReadonlyMap<string | null, StoredPage[]>): Map<string, string> {
  const ids = new Map<GitLayoutPage, string>();
  const build = (parentId: string | null): GitLayoutPage[] =>
    (children.get(parentId) ?? []).flatMap((page): GitLayoutPage[] => {
      // As the export: a link to a page or file of the space has no place in the repository.
      if (page.kind === 'link' && page.target?.kind !== 'url') return [];
      const out: GitLayoutPage = { kind: page.kind, title: page.title, slug: page.slug, children: build(page.id) };
      ids.set(out, page.id);
      return [out];
    });
  const files = new Map<string, string>();
  for (const [page, placed] of placeDocuments(build(null))) files.set(ids.get(page) as string, placed.file);
  return files;
}
