import { safeDecode } from '../import/names';

// A revision's pages and files as the files GitBook's Git Sync lays them out in: the page at path
// `guide/install` is `guide/install.md` (a page with children may also be `guide/install/README.md`),
// files live in `.gitbook/assets/<name>`, and a body links to either relative to its own file.
// Content resolves stored bodies with these rules (content-refs.ts); Git Sync reads and writes them.

export const ASSETS_DIR = '.gitbook/assets';

const BASE = 'http://revision.invalid/';

/** The markdown file a page path is written as (`guide/install` → `guide/install.md`). */
export function pageFile(pagePath: string): string {
  return `${pagePath}.md`;
}

export function assetFile(name: string): string {
  return `${ASSETS_DIR}/${name}`;
}

/** An absolute URL (`https:`, `mailto:`, `//host/…`) rather than a path. */
export function isUrl(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** A relative target written in `fromFile` ('' for the root) as a decoded path from the root, and its raw `#anchor`; undefined if it is no path. */
export function resolveRelative(target: string, fromFile: string): { path: string; anchor: string } | undefined {
  let url: URL;
  try {
    url = new URL(target, BASE + encodeURI(fromFile));
  } catch {
    return undefined;
  }
  return { path: safeDecode(url.pathname.slice(1)), anchor: url.hash.slice(1) };
}

/** The page path a file or folder path stands for: `guide/install.md`, `guide/install/README.md`, `guide/install/` → `guide/install`. */
export function pagePathOf(path: string): string {
  return path
    .replace(/\/$/, '')
    .replace(/(^|\/)(README|index)\.md$/i, '')
    .replace(/\.md$/i, '');
}

/** The target to write in `fromFile` for a link to `toPath` (both from the root), %-encoded. */
export function relativeTarget(fromFile: string, toPath: string): string {
  const fromDir = fromFile.split('/').slice(0, -1);
  const parts = toPath.split('/');
  let common = 0;
  while (common < fromDir.length && common < parts.length - 1 && fromDir[common] === parts[common]) common++;
  const relative = [...fromDir.slice(common).map(() => '..'), ...parts.slice(common)].join('/');
  // encodeURI leaves `#` and `?`, which would cut a file name short.
  return encodeURI(relative).replace(/#/g, '%23').replace(/\?/g, '%3F');
}
