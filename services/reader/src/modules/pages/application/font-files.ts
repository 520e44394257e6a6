import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SiteFontView, SiteFontsView } from '@quire/page-html';
import {
  BUNDLED_FONTS,
  FONT_WEIGHTS,
  HEADING_WEIGHTS,
  MONOSPACE_FONTS,
  MONOSPACE_WEIGHTS,
  bundledFontOf,
  headingFontOf,
  monospaceFontOf,
  type BundledFont,
} from '../domain/site-fonts';

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

function filesOf(font: BundledFont, weights: readonly number[]): FontFile[] {
  return weights.flatMap((weight) => {
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
    byPackage = new Map([
      ...Object.values(BUNDLED_FONTS).map((font): [string, FontFile[]] => [font.package, filesOf(font, FONT_WEIGHTS)]),
      ...Object.values(MONOSPACE_FONTS).map((font): [string, FontFile[]] => [font.package, filesOf(font, MONOSPACE_WEIGHTS)]),
    ]);
    byName = new Map([...byPackage.values()].flat().map((file) => [file.name, file]));
  }
  return { byPackage, byName };
}

/** A bundled font for page-html (family, each weight's address under `base`), or none when no file is there. */
function viewOf(font: BundledFont | undefined, base: string, weights?: readonly number[]): SiteFontView | undefined {
  const files = font ? (load().byPackage.get(font.package) ?? []).filter((file) => !weights || weights.includes(file.weight)) : [];
  if (!font || !files.length) return undefined;
  return { family: font.family, faces: files.map((file) => ({ weight: file.weight, url: `${base}${file.name}` })) };
}

/**
 * The site's fonts for page-html: the body's (`styling.font`), the headings' (`styling.headingFont`:
 * none when it is the body's, `'system'` for a font the reader does not bundle) and code's
 * (`styling.monospaceFont`), each weight at its address under `assetsUrl`.
 */
export function siteFontsOf(customization: unknown, assetsUrl: string): SiteFontsView {
  const base = assetsUrl.replace(/\/?$/, '/');
  const body = bundledFontOf(customization);
  const heading = headingFontOf(customization);
  const headingFont =
    heading === 'system' ? 'system' : heading === 'main' || heading.package === body?.package ? undefined : viewOf(heading, base, HEADING_WEIGHTS);
  const font = viewOf(body, base);
  const monospaceFont = viewOf(monospaceFontOf(customization), base);
  return { ...(font ? { font } : {}), ...(headingFont ? { headingFont } : {}), ...(monospaceFont ? { monospaceFont } : {}) };
}

/** A bundled font file by its served name, or none. */
export function fontFileNamed(name: string): FontFile | undefined {
  return name.startsWith('font-') ? load().byName.get(name) : undefined;
}
