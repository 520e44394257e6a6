import type * as Fontkit from 'fontkit';
import type { Font } from 'fontkit';

// Fonts embedded in every PDF (subset by pdfkit to the glyphs used): Roboto (pdfmake's own) for
// Latin, Greek and Cyrillic with true italics, Roboto Mono for code, and Noto Sans SC (SIL OFL
// 1.1, from @expo-google-fonts/noto-sans-sc) for what those lack — CJK above all. pdfmake picks
// one font per text run and has no fallback, so `fontRuns` splits text where coverage changes.
// Scripts none of them covers (Arabic, Devanagari, emoji, …) show as empty boxes.

export type FontFamily = 'Sans' | 'Mono' | 'Cjk';

const file = (request: string): string => require.resolve(request);
const roboto = (style: string) => file(`pdfmake/fonts/Roboto/Roboto-${style}.ttf`);
const robotoMono = (style: string) => file(`@expo-google-fonts/roboto-mono/${style}/RobotoMono_${style}.ttf`);
const notoSansSc = (style: string) => file(`@expo-google-fonts/noto-sans-sc/${style}/NotoSansSC_${style}.ttf`);

/** pdfmake's font dictionary. Noto Sans SC has no italics: its upright style stands in. */
export const PDF_FONTS: Record<FontFamily, { normal: string; bold: string; italics: string; bolditalics: string }> = {
  Sans: { normal: roboto('Regular'), bold: roboto('Medium'), italics: roboto('Italic'), bolditalics: roboto('MediumItalic') },
  Mono: {
    normal: robotoMono('400Regular'),
    bold: robotoMono('700Bold'),
    italics: robotoMono('400Regular_Italic'),
    bolditalics: robotoMono('700Bold_Italic'),
  },
  Cjk: { normal: notoSansSc('400Regular'), bold: notoSansSc('700Bold'), italics: notoSansSc('400Regular'), bolditalics: notoSansSc('700Bold') },
};

/** The only local files pdfmake may read. */
export const FONT_FILES: ReadonlySet<string> = new Set(Object.values(PDF_FONTS).flatMap((styles) => Object.values(styles)));

const coverage = new Map<FontFamily, Font>();

// Required by the first PDF, not at import (see pdfmake-engine.ts).
let fontkit: typeof Fontkit | undefined;
function loadFontkit(): typeof Fontkit {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (fontkit ??= require('fontkit') as typeof Fontkit);
}

function covers(family: 'Sans' | 'Mono', codePoint: number): boolean {
  let font = coverage.get(family);
  if (!font) {
    font = loadFontkit().openSync(PDF_FONTS[family].normal) as Font;
    coverage.set(family, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** `text` cut into runs, each in `primary` or, for characters it has no glyph for, in the CJK font. */
export function fontRuns(text: string, primary: 'Sans' | 'Mono'): { text: string; font: FontFamily }[] {
  const runs: { text: string; font: FontFamily }[] = [];
  let start = 0;
  let current: FontFamily = primary;
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    // Whitespace and controls stay in the current run: every font has them, and splitting there
    // would only make more runs.
    const font: FontFamily = codePoint <= 0x20 || covers(primary, codePoint) ? (codePoint <= 0x20 ? current : primary) : 'Cjk';
    if (font !== current) {
      if (index > start) runs.push({ text: text.slice(start, index), font: current });
      start = index;
      current = font;
    }
    index += char.length;
  }
  if (index > start || !runs.length) runs.push({ text: text.slice(start), font: current });
  return runs;
}
