// The parts of a site's customization (SiteCustomizationSettings, @gitbook/api 0.202.0, as
// @quire/publishing's normaliser stores it) the layout shows, read defensively: the normaliser has
// checked them already, but a view may come from anywhere, so each value is checked again here.

const COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;
const THEMES = ['clean', 'muted', 'bold', 'gradient'] as const;
const MODES = ['light', 'dark', 'system'] as const;

export const DEFAULT_PRIMARY = '#346DDB';

export interface ThemedColor {
  light: string;
  dark: string;
}

export interface ThemedImage {
  light?: unknown;
  dark?: unknown;
}

/** A header or footer link: a ContentRef the reader resolved to `{ kind: 'url', url }`, or not. */
export interface CustomLink {
  title: unknown;
  url?: unknown;
  links: CustomLink[];
}

export interface SocialAccount {
  platform: string;
  handle: string;
}

export interface SiteLook {
  title: unknown;
  theme: (typeof THEMES)[number];
  mode: (typeof MODES)[number];
  primary: ThemedColor;
  tint: ThemedColor;
  headerLogo?: ThemedImage;
  footerLogo?: ThemedImage;
  favicon?: ThemedImage;
  headerLinks: CustomLink[];
  footerGroups: Array<{ title: unknown; links: CustomLink[] }>;
  copyright?: unknown;
  socialAccounts: { header: SocialAccount[]; footer: SocialAccount[] };
  socialPreview?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), value);
const list = (value: unknown, max: number): unknown[] => (Array.isArray(value) ? value.slice(0, max) : []);
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** A colour of the reference's pattern (`#rgb`/`#rrggbb`), lower-cased, or the fallback. */
export const validColor = (value: unknown, fallback: string): string =>
  typeof value === 'string' && COLOR.test(value) ? value.toLowerCase() : fallback.toLowerCase();

function themedColor(value: unknown, fallback: string): ThemedColor {
  const light = validColor(field(value, 'light'), fallback);
  return { light, dark: validColor(field(value, 'dark'), light) };
}

const themedImage = (value: unknown): ThemedImage | undefined => (isObject(value) ? { light: value.light, dark: value.dark } : undefined);

function linkOf(value: unknown, depth: number): CustomLink | undefined {
  if (!isObject(value)) return undefined;
  const to = value.to;
  const url = isObject(to) && to.kind === 'url' ? to.url : undefined;
  const links = depth > 0 ? list(value.links, 50).flatMap((item) => linkOf(item, depth - 1) ?? []) : [];
  return { title: value.title, url, links };
}

function socialAccounts(value: unknown, where: 'header' | 'footer'): SocialAccount[] {
  return list(value, 20).flatMap((account) =>
    isObject(account) && typeof account.platform === 'string' && typeof account.handle === 'string' && field(account, 'display', where) === true
      ? [{ platform: account.platform, handle: account.handle }]
      : [],
  );
}

/** What the layout needs of a customization (anything, even nothing). Never throws. */
export function siteLookOf(customization: unknown): SiteLook {
  const styling = field(customization, 'styling');
  const primary = themedColor(field(styling, 'primaryColor'), DEFAULT_PRIMARY);
  return {
    title: field(customization, 'title'),
    theme: oneOf(THEMES, field(styling, 'theme'), 'clean'),
    mode: oneOf(MODES, field(customization, 'themes', 'default'), 'light'),
    primary,
    tint: themedColor(field(styling, 'tint', 'color'), primary.light),
    headerLogo: themedImage(field(customization, 'header', 'logo')),
    footerLogo: themedImage(field(customization, 'footer', 'logo')),
    favicon: themedImage(field(customization, 'favicon', 'icon')),
    headerLinks: list(field(customization, 'header', 'links'), 50).flatMap((item) => linkOf(item, 1) ?? []),
    footerGroups: list(field(customization, 'footer', 'groups'), 20).flatMap((group) =>
      isObject(group) ? [{ title: group.title, links: list(group.links, 50).flatMap((item) => linkOf(item, 0) ?? []) }] : [],
    ),
    copyright: field(customization, 'footer', 'copyright'),
    socialAccounts: {
      header: socialAccounts(field(customization, 'socialAccounts'), 'header'),
      footer: socialAccounts(field(customization, 'socialAccounts'), 'footer'),
    },
    socialPreview: field(customization, 'socialPreview', 'url'),
  };
}

// Profile addresses of the reference's social platforms; the handle is one path segment.
const PROFILES: Record<string, { label: string; url: (handle: string) => string | undefined }> = {
  twitter: { label: 'X (Twitter)', url: (h) => `https://x.com/${h}` },
  instagram: { label: 'Instagram', url: (h) => `https://www.instagram.com/${h}` },
  facebook: { label: 'Facebook', url: (h) => `https://www.facebook.com/${h}` },
  linkedin: { label: 'LinkedIn', url: (h) => `https://www.linkedin.com/in/${h}` },
  github: { label: 'GitHub', url: (h) => `https://github.com/${h}` },
  discord: { label: 'Discord', url: (h) => `https://discord.gg/${h}` },
  slack: { label: 'Slack', url: (h) => `https://${h}.slack.com/` },
  youtube: { label: 'YouTube', url: (h) => `https://www.youtube.com/@${h}` },
  tiktok: { label: 'TikTok', url: (h) => `https://www.tiktok.com/@${h}` },
  reddit: { label: 'Reddit', url: (h) => `https://www.reddit.com/r/${h}` },
  bluesky: { label: 'Bluesky', url: (h) => `https://bsky.app/profile/${h}` },
  threads: { label: 'Threads', url: (h) => `https://www.threads.net/@${h}` },
  medium: { label: 'Medium', url: (h) => `https://medium.com/@${h}` },
  mastodon: {
    label: 'Mastodon',
    url: (h) => {
      const [user, host] = h.split('@');
      return host && /^[a-z0-9.-]+$/i.test(host) ? `https://${host}/@${user}` : undefined;
    },
  },
};

/** A social account's profile: its platform's name and address, or undefined for an unknown platform. */
export function profileOf(account: SocialAccount): { label: string; url?: string } | undefined {
  const profile = Object.prototype.hasOwnProperty.call(PROFILES, account.platform) ? PROFILES[account.platform] : undefined;
  if (!profile) return undefined;
  const handle = account.handle.replace(/^@/, '').trim();
  // Letters, digits and the few signs handles use; anything else cannot be a path segment here.
  const url = /^[\p{L}\p{N}._@-]{1,128}$/u.test(handle) ? profile.url(handle.replace(/@/g, account.platform === 'mastodon' ? '@' : '')) : undefined;
  return { label: profile.label, url };
}
