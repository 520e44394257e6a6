import { customizationSetting } from './customization-setting';

// The fonts a site may choose that the reader bundles: the @fontsource package of each and its CSS
// family. `styling.font` and `styling.headingFont` name a 0.202.0 CustomizationDefaultFont,
// `styling.monospaceFont` a CustomizationDefaultMonospaceFont. A value with no package here
// (ABCFavorit, a custom font definition, anything else) keeps the system stack: nothing is fetched
// from elsewhere. Pure.

export interface BundledFont {
  family: string;
  /** `@fontsource/<package>`, a dependency of the reader. */
  package: string;
}

export const BUNDLED_FONTS: Readonly<Record<string, BundledFont>> = {
  Inter: { family: 'Inter', package: 'inter' },
  Roboto: { family: 'Roboto', package: 'roboto' },
  RobotoSlab: { family: 'Roboto Slab', package: 'roboto-slab' },
  OpenSans: { family: 'Open Sans', package: 'open-sans' },
  SourceSansPro: { family: 'Source Sans Pro', package: 'source-sans-pro' },
  Lato: { family: 'Lato', package: 'lato' },
  Ubuntu: { family: 'Ubuntu', package: 'ubuntu' },
  Raleway: { family: 'Raleway', package: 'raleway' },
  Merriweather: { family: 'Merriweather', package: 'merriweather' },
  Overpass: { family: 'Overpass', package: 'overpass' },
  NotoSans: { family: 'Noto Sans', package: 'noto-sans' },
  IBMPlexSerif: { family: 'IBM Plex Serif', package: 'ibm-plex-serif' },
  Poppins: { family: 'Poppins', package: 'poppins' },
  FiraSans: { family: 'Fira Sans', package: 'fira-sans' },
};

export const MONOSPACE_FONTS: Readonly<Record<string, BundledFont>> = {
  FiraCode: { family: 'Fira Code', package: 'fira-code' },
  IBMPlexMono: { family: 'IBM Plex Mono', package: 'ibm-plex-mono' },
  JetBrainsMono: { family: 'JetBrains Mono', package: 'jetbrains-mono' },
  SourceCodePro: { family: 'Source Code Pro', package: 'source-code-pro' },
  RobotoMono: { family: 'Roboto Mono', package: 'roboto-mono' },
  SpaceMono: { family: 'Space Mono', package: 'space-mono' },
  DMMono: { family: 'DM Mono', package: 'dm-mono' },
  Inconsolata: { family: 'Inconsolata', package: 'inconsolata' },
};

/** The weights served (latin subset, normal style): the body's, the UI's semibold, and bold. */
export const FONT_WEIGHTS = [400, 600, 700] as const;
/** Headings are semibold or bold: only those weights of a heading font that differs from the body's. */
export const HEADING_WEIGHTS = [600, 700] as const;
/** Code is regular, bold where a highlighted token asks for it. */
export const MONOSPACE_WEIGHTS = [400, 700] as const;

/** A heading font: a bundled one, the main font's (`null` or unset), or the system stack (anything else). */
export type HeadingFont = BundledFont | 'main' | 'system';

function bundled(table: Readonly<Record<string, BundledFont>>, value: unknown): BundledFont | undefined {
  return typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : undefined;
}

/** The bundled font the customization's `styling.font` names, if any. */
export function bundledFontOf(customization: unknown): BundledFont | undefined {
  return bundled(BUNDLED_FONTS, customizationSetting(customization, 'styling', 'font'));
}

/** What `styling.headingFont` asks for: null (0.202.0: "headings use the main font") or unset is the main font. */
export function headingFontOf(customization: unknown): HeadingFont {
  const value = customizationSetting(customization, 'styling', 'headingFont');
  if (value === null || value === undefined) return 'main';
  return bundled(BUNDLED_FONTS, value) ?? 'system';
}

/** The bundled font the customization's `styling.monospaceFont` names, if any. */
export function monospaceFontOf(customization: unknown): BundledFont | undefined {
  return bundled(MONOSPACE_FONTS, customizationSetting(customization, 'styling', 'monospaceFont'));
}
