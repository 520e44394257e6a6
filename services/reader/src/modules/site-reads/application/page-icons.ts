import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IconView } from '@quire/page-html';

// Page icons (RevisionPage `icon`, a Font Awesome name) from the free set the reader bundles,
// `@fortawesome/fontawesome-free` (its icons: CC BY 4.0): the name from content is only a lookup
// key, checked before it names a file; the drawing is the package's own. Read on first use and kept.

const ICON_NAME = /^[a-z0-9-]{1,64}$/;
const STYLES = ['solid', 'regular', 'brands'] as const;
const KEPT_MAX = 2_000;

let svgs: string | undefined;
const kept = new Map<string, IconView | null>();

function svgsDir(): string {
  svgs ??= join(dirname(require.resolve('@fortawesome/fontawesome-free/package.json')), 'svgs');
  return svgs;
}

/** The icon of that name (solid first, then regular, then brands), or none for an unknown or malformed name. */
export function pageIconOf(name: string): IconView | undefined {
  if (!ICON_NAME.test(name)) return undefined;
  const known = kept.get(name);
  if (known !== undefined) return known ?? undefined;
  const icon = readIcon(name);
  if (kept.size < KEPT_MAX) kept.set(name, icon ?? null);
  return icon;
}

function readIcon(name: string): IconView | undefined {
  for (const style of STYLES) {
    let svg: string;
    try {
      svg = readFileSync(join(svgsDir(), style, `${name}.svg`), 'utf8');
    } catch {
      continue;
    }
    const viewBox = /<svg[^>]*\sviewBox="([^"]+)"/.exec(svg)?.[1];
    const paths = [...svg.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((m) => m[1] as string);
    return viewBox && paths.length ? { viewBox, paths } : undefined;
  }
  return undefined;
}
