// SiteCustomizationSettings (reference 0.202.0) for a site: its stored settings laid over the
// defaults, so a site that never customized anything, or customized part of it, or whose stored
// settings predate a field, always answers the complete object the reference requires. A stored
// value that does not fit the reference's enum, colour pattern or shape is dropped for the
// default rather than passed on (what the reader themes pages with must be well formed).
// The defaults are those the sites service answers today (its published-site presenter).

import { linkUrl } from '@quire/urls';

const themed = (color: string) => ({ light: color, dark: color });

/** The customization of a site that never customized anything (SiteCustomizationSettings, title apart). */
export const DEFAULT_SITE_CUSTOMIZATION = Object.freeze({
  styling: {
    theme: 'clean',
    primaryColor: themed('#346DDB'),
    tint: { color: themed('#346DDB') },
    infoColor: themed('#787878'),
    successColor: themed('#00C950'),
    warningColor: themed('#FE9A00'),
    dangerColor: themed('#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  aiSearch: { enabled: false },
  advancedCustomization: { enabled: false },
  git: { showEditLink: false },
  pageActions: { externalAI: false, markdown: true, mcp: false, items: ['markdown'] },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf =
  (...values: string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
const text =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max;
const COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;
const color: Check = (value) => typeof value === 'string' && COLOR.test(value);
const themedColor: Check = (value) => isObject(value) && color(value.light) && color(value.dark);
const httpUrl: Check = (value) => typeof value === 'string' && value.length <= 2048 && /^https?:\/\/[^\s]+$/i.test(value);
const themedUrl: Check = (value) => isObject(value) && httpUrl(value.light) && httpUrl(value.dark);
const slug = text(1, 64);
const DEFAULT_FONTS = [
  'ABCFavorit',
  'Inter',
  'Roboto',
  'RobotoSlab',
  'OpenSans',
  'SourceSansPro',
  'Lato',
  'Ubuntu',
  'Raleway',
  'Merriweather',
  'Overpass',
  'NotoSans',
  'IBMPlexSerif',
  'Poppins',
  'FiraSans',
];
const MONOSPACE_FONTS = ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata'];
const customFont: Check = (value) =>
  isObject(value) && value.custom === true && slug(value.id) && text(1, 256)(value.fontFamily) && Array.isArray(value.fontFaces);
const font =
  (names: string[]): Check =>
  (value) =>
    oneOf(...names)(value) || customFont(value);
// Links point at content (ContentRef): the reader resolves and sanitises them; here the shape, and an
// address (`kind: 'url'`) must pass the pages' URL policy, so a link no page would show is never stored.
const contentRef: Check = (value) => isObject(value) && typeof value.kind === 'string' && (value.kind !== 'url' || linkUrl(value.url) !== undefined);
const contentLink: Check = (value) => isObject(value) && text(1, 256)(value.title) && contentRef(value.to);
const headerItem: Check = (value) =>
  isObject(value) &&
  text(1, 256)(value.title) &&
  (value.to === undefined || value.to === null || contentRef(value.to)) &&
  (value.links === undefined || (Array.isArray(value.links) && value.links.every(contentLink)));
const footerGroup: Check = (value) => isObject(value) && text(1, 256)(value.title) && Array.isArray(value.links) && value.links.every(contentLink);
const arrayOf =
  (item: Check, max: number): Check =>
  (value) =>
    Array.isArray(value) && value.length <= max && value.every(item);
const boolean: Check = (value) => typeof value === 'boolean';

/** Checks by path ("styling.theme"): every leaf a stored customization may set. */
const CHECKS: Record<string, Check> = {
  title: text(2, 128),
  'styling.theme': oneOf('clean', 'muted', 'bold', 'gradient'),
  'styling.primaryColor': themedColor,
  'styling.tint': (value) => isObject(value) && themedColor(value.color),
  'styling.infoColor': themedColor,
  'styling.successColor': themedColor,
  'styling.warningColor': themedColor,
  'styling.dangerColor': themedColor,
  'styling.corners': oneOf('straight', 'rounded', 'circular'),
  'styling.depth': oneOf('subtle', 'flat'),
  'styling.links': oneOf('default', 'accent'),
  'styling.font': font(DEFAULT_FONTS),
  'styling.headingFont': font(DEFAULT_FONTS),
  'styling.monospaceFont': font(MONOSPACE_FONTS),
  'styling.background': oneOf('plain', 'match'),
  'styling.icons': oneOf('regular', 'solid', 'duotone', 'light', 'thin'),
  'styling.sidebar.background': oneOf('default', 'filled'),
  'styling.sidebar.list': oneOf('default', 'pill', 'line'),
  'styling.search': oneOf('prominent', 'subtle'),
  'styling.codeTheme.default.light': slug,
  'styling.codeTheme.default.dark': slug,
  'styling.codeTheme.openapi.light': slug,
  'styling.codeTheme.openapi.dark': slug,
  'internationalization.locale': oneOf('en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'),
  favicon: (value) => isObject(value) && (themedUrl(value.icon) || text(1, 50)(value.emoji)),
  'header.preset': oneOf('default', 'bold', 'contrast', 'custom', 'none'),
  'header.logo': themedUrl,
  'header.backgroundColor': themedColor,
  'header.linkColor': themedColor,
  'header.links': arrayOf(headerItem, 50),
  'footer.logo': themedUrl,
  'footer.groups': arrayOf(footerGroup, 20),
  'footer.copyright': text(0, 512),
  announcement: (value) =>
    isObject(value) && boolean(value.enabled) && text(0, 1024)(value.message) && oneOf('info', 'warning', 'danger', 'success')(value.style),
  'themes.default': oneOf('light', 'dark', 'system'),
  'themes.toggeable': boolean,
  'ai.mode': oneOf('none', 'search', 'assistant'),
  'externalLinks.target': oneOf('self', 'blank'),
  'pageActions.items': arrayOf(oneOf('assistant', 'external-ai', 'markdown', 'mcp', 'git', 'pdf'), 6),
  'privacyPolicy.url': httpUrl,
  'socialPreview.url': httpUrl,
  socialAccounts: arrayOf(
    (value) =>
      isObject(value) &&
      oneOf(
        'twitter',
        'instagram',
        'facebook',
        'linkedin',
        'github',
        'discord',
        'slack',
        'youtube',
        'tiktok',
        'reddit',
        'bluesky',
        'mastodon',
        'threads',
        'medium',
      )(value.platform) &&
      text(1, 128)(value.handle) &&
      isObject(value.display) &&
      boolean(value.display.footer) &&
      boolean(value.display.header),
    10,
  ),
};

/** Stored value at `path` over `fallback`: kept when its check passes, merged key by key for objects. */
function overlay(path: string, fallback: unknown, stored: unknown): unknown {
  const check = CHECKS[path];
  if (check) return check(stored) ? stored : fallback;
  if (isObject(fallback)) {
    const out: Record<string, unknown> = {};
    const from = isObject(stored) ? stored : {};
    const keys = new Set([...Object.keys(fallback), ...Object.keys(from).filter((key) => CHECKS[`${path}.${key}`] || hasChecksBelow(`${path}.${key}`))]);
    for (const key of keys) {
      const value = overlay(`${path}.${key}`, fallback[key], from[key]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  // A flag the defaults hold but no check names (feedback.enabled, pdf.enabled…): same type only.
  return typeof stored === typeof fallback && stored !== null && !Array.isArray(stored) && !isObject(stored) ? stored : fallback;
}

const PREFIXES = new Set(Object.keys(CHECKS).flatMap((path) => path.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
const hasChecksBelow = (path: string) => PREFIXES.has(path);

/** The complete customization of a site from what it stored (anything, even nothing). Never throws. */
export function normalizeSiteCustomization(stored: unknown, siteTitle: string): Record<string, Json> {
  const from = isObject(stored) ? stored : {};
  const out: Record<string, unknown> = { title: CHECKS.title(from.title) ? from.title : siteTitle };
  for (const key of new Set([...Object.keys(DEFAULT_SITE_CUSTOMIZATION), ...Object.keys(from).filter((k) => k !== 'title' && hasChecksBelow(k))])) {
    const value = overlay(key, (DEFAULT_SITE_CUSTOMIZATION as Record<string, unknown>)[key], from[key]);
    if (value !== undefined) out[key] = value;
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, Json>;
}
