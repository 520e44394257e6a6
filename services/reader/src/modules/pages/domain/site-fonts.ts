import { customizationSetting } from './customization-setting';

// The fonts a site may choose (0.202.0 CustomizationDefaultFont, `styling.font`) that the reader
// bundles: the @fontsource package of each and its CSS family. A value with no package here (ABCFavorit,
// a custom font definition, anything else) keeps the system stack: nothing is fetched from elsewhere. Pure.

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

/** The weights served (latin subset, normal style): the body's, the UI's semibold, and bold. */
export const FONT_WEIGHTS = [400, 600, 700] as const;

/** The bundled font the customization's `styling.font` names, if any. */
export function bundledFontOf(customization: unknown): BundledFont | undefined {
  const font = customizationSetting(customization, 'styling', 'font');
  return typeof font === 'string' && Object.hasOwn(BUNDLED_FONTS, font) ? BUNDLED_FONTS[font] : undefined;
}
