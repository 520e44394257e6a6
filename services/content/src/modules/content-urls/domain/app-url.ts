// What a URL of Quire's own app names (the `urls.app` links presenters build: `/o/{org}/c/{id}`,
// `/o/{org}/s/{space}/{page path}`, `/o/{org}/s/{space}/~/changes/{number}/{page path}`,
// `/o/{org}/s/{space}/~/revisions/{id}/{page path}`), for getContentByUrl.

export type AppTarget =
  { kind: 'collection'; collectionId: string } | { kind: 'space'; spaceId: string; changeRequestId?: string; revisionId?: string; pagePath: string };

const segmentsOf = (pathname: string): string[] | null => {
  try {
    return pathname
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
};

/** The target of `url` when it is an app link under `appBase` (PUBLIC_URL); null for any other URL. */
export function parseAppUrl(url: URL, appBase: string): AppTarget | null {
  const base = new URL(appBase);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/o/`)) return null;
  const segments = segmentsOf(url.pathname.slice(basePath.length));
  if (!segments || segments[0] !== 'o' || segments.length < 4) return null;
  const [, , kind, id, ...rest] = segments as [string, string, string, string, ...string[]];
  if (kind === 'c' && rest.length === 0) return { kind: 'collection', collectionId: id };
  if (kind !== 's') return null;
  if (rest[0] !== '~') return { kind: 'space', spaceId: id, pagePath: rest.join('/') };
  const [, what, ref, ...pagePath] = rest;
  if (!ref) return null;
  if (what === 'changes') return { kind: 'space', spaceId: id, changeRequestId: ref, pagePath: pagePath.join('/') };
  if (what === 'revisions') return { kind: 'space', spaceId: id, revisionId: ref, pagePath: pagePath.join('/') };
  return null;
}
