import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SiteFontView } from '@quire/page-html';
import { BUNDLED_FONTS, FONT_WEIGHTS, bundledFontOf, type BundledFont } from '../domain/site-fonts';

// The bundled fonts' files, served by the reader at `<site>/~quire/<name>` (reader-assets.ts): the
// name carries a hash of the bytes, so it is kept for good. Read once, on the first need: a process
// that never serves a font reads none.

export interface FontFile {
  name: string;
  weight: number;
  bytes: Buffer;
}

let byPackage: Map<string, FontFile[]> | undefined;
let byName: Map<string, FontFile> | undefined;

function filesOf(font: BundledFont): FontFile[] {
  return FONT_WEIGHTS.flatMap((weight) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(require.resolve(`@fontsource/${font.package}/files/${font.package}-latin-${weight}-normal.woff2`));
    } catch {
      return []; // A family without this weight (Lato has no 600): the browser uses the nearest.
    }
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    return [{ name: `font-${font.package}-${weight}.${hash}.woff2`, weight, bytes }];
  });
}

function load(): { byPackage: Map<string, FontFile[]>; byName: Map<string, FontFile> } {
  if (!byPackage || !byName) {
    byPackage = new Map(Object.values(BUNDLED_FONTS).map((font) => [font.package, filesOf(font)]));
    byName = new Map([...byPackage.values()].flat().map((file) => [file.name, file]));
  }
  return { byPackage, byName };
}

/** The site's font for page-html (family, each weight's address under `assetsUrl`), or none. */
export function siteFontOf(customization: unknown, assetsUrl: string): SiteFontView | undefined {
  const font = bundledFontOf(customization);
  const files = font ? (load().byPackage.get(font.package) ?? []) : [];
  if (!font || !files.length) return undefined;
  const base = assetsUrl.replace(/\/?$/, '/');
  return { family: font.family, faces: files.map((file) => ({ weight: file.weight, url: `${base}${file.name}` })) };
}

/** A bundled font file by its served name, or none. */
export function fontFileNamed(name: string): FontFile | undefined {
  return name.startsWith('font-') ? load().byName.get(name) : undefined;
}
