import type { SectionItem, VariantView } from '@quire/page-html';

// The site around a page from its published profile (reference PublishedContentSite, as
// Sites.GetPublishedSite answers it): sections as tabs, section groups as menus, the current
// section's site spaces as variants. The profile is JSON from another service: read defensively.

export interface SiteProfile {
  siteId: string;
  title: string;
  visibility: string;
  customization: unknown;
  /** The site's language from its customization (`internationalization.locale`), `en` by default. */
  lang: string;
  sections: SectionItem[];
  variants: VariantView[];
  /**
   * Every site space of every section: its space, titles, absolute published address (sitemap,
   * llms.txt) and its path on the address the visitor is on (links between site spaces).
   */
  siteSpaces: Array<{ id: string; spaceId: string; url: string; path: string; title: string; sectionTitle: string }>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A group's sections and external links in order (`children`), or its sections alone from an older profile. */
const childrenOf = (group: Json): Json[] => (Array.isArray(group.children) ? group.children : list(group.sections)).map(obj);

/** A published URL as a path on the visitor's own host (`/sites/org/docs/v2`): links stay on the address the visitor used. */
export function sitePathOf(publishedUrl: string): string {
  try {
    const url = new URL(publishedUrl);
    return `${url.pathname}${url.search}`;
  } catch {
    return '';
  }
}

/**
 * A published URL as a path on the address the visitor is on. Sites publishes every URL at the
 * site's preferred address (its hostname once it has one, `/…`), so what follows the site's own URL
 * goes under the visitor's site base path: a visitor of the built-in address `/sites/org/docs/`
 * stays there, one of the hostname stays on `/`. A URL elsewhere keeps its own path.
 */
export function visitorPathOf(publishedUrl: string, place: { siteUrl: string; siteBasePath: string }): string {
  try {
    const url = new URL(publishedUrl);
    const site = new URL(place.siteUrl);
    const sitePath = site.pathname.endsWith('/') ? site.pathname : `${site.pathname}/`;
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    if (url.origin !== site.origin || !path.startsWith(sitePath)) return sitePathOf(publishedUrl);
    const base = place.siteBasePath.endsWith('/') ? place.siteBasePath : `${place.siteBasePath}/`;
    return `${base}${url.pathname.slice(sitePath.length)}${url.search}`;
  } catch {
    return sitePathOf(publishedUrl);
  }
}

/**
 * The profile JSON → what the layout shows, with `current` marking the visitor's section and site
 * space; links are paths on the visitor's address when its site base path is given.
 */
export function readSiteProfile(profileJson: string, current: { siteSection: string; siteSpace: string; siteBasePath?: string }): SiteProfile {
  let profile: Json;
  try {
    profile = obj(JSON.parse(profileJson));
  } catch {
    profile = {};
  }
  const site = obj(profile.site);
  // The visitor's site space shows its own settings when it overrides any (customizations.siteSpaces), else the site's.
  const customizations = obj(profile.customizations);
  const ownOfSiteSpace = obj(obj(customizations.siteSpaces)[current.siteSpace]);
  const customization = Object.keys(ownOfSiteSpace).length > 0 ? ownOfSiteSpace : obj(customizations.site);
  const structure = obj(profile.structure);
  const entries = list(structure.structure).map(obj);
  const siteUrl = text(obj(site.urls).published);
  const { siteBasePath } = current;
  const pathOf = (published: string) => (siteUrl && siteBasePath !== undefined ? visitorPathOf(published, { siteUrl, siteBasePath }) : sitePathOf(published));
  const siteSpacesOf = (section: Json) => list(section.siteSpaces).map(obj);
  const sectionView = (s: Json) => ({ title: text(s.title), url: pathOf(text(obj(s.urls).published)), isCurrent: text(s.id) === current.siteSection });
  let sections: SectionItem[] = [];
  let siteSpaces: Json[];
  let allSiteSpaces: Json[] = entries;
  if (text(structure.type) === 'sections') {
    // External links (reference SiteExternalLink) open their own absolute URL, in a group too.
    const linkView = (l: Json) => ({ title: text(l.title), url: text(l.url) });
    const childView = (c: Json) => (text(c.object) === 'site-external-link' ? linkView(c) : sectionView(c));
    sections = entries.map((e): SectionItem => {
      if (text(e.object) === 'site-section-group') return { kind: 'group', title: text(e.title), sections: childrenOf(e).map(childView) };
      return text(e.object) === 'site-external-link' ? { kind: 'link', ...linkView(e) } : { kind: 'section', ...sectionView(e) };
    });
    const all = entries.flatMap((e) => (text(e.object) === 'site-section-group' ? childrenOf(e) : [e])).filter((e) => text(e.object) !== 'site-external-link');
    siteSpaces = siteSpacesOf(all.find((s) => text(s.id) === current.siteSection) ?? {});
    allSiteSpaces = all.flatMap((section) => siteSpacesOf(section).map((s) => ({ ...s, sectionTitle: text(section.title) })));
  } else {
    siteSpaces = entries;
  }
  const variants = siteSpaces.map((s) => ({ title: text(s.title), url: pathOf(text(obj(s.urls).published)), isCurrent: text(s.id) === current.siteSpace }));
  return {
    siteId: text(site.id),
    title: text(customization.title) || text(site.title),
    visibility: text(site.visibility),
    customization,
    lang: text(obj(customization.internationalization).locale) || 'en',
    sections,
    variants,
    siteSpaces: allSiteSpaces
      .map((s) => ({
        id: text(s.id),
        spaceId: text(obj(s.space).id),
        url: text(obj(s.urls).published),
        path: pathOf(text(obj(s.urls).published)),
        title: text(s.title),
        sectionTitle: text(s.sectionTitle),
      }))
      .filter((s) => s.spaceId && s.url),
  };
}

/**
 * A page's canonical address: sites answers the canonical URL of the address asked for (the site's
 * preferred address: proxy, hostname or built-in); the page's own path replaces what was asked.
 */
export function canonicalUrlOf(requestCanonical: string, requestedPath: string, pagePath: string | undefined): string {
  const asked = requestedPath.replace(/^\/+|\/+$/g, '');
  let base = requestCanonical.replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (asked && base.endsWith(`/${asked}`)) base = base.slice(0, -asked.length - 1);
  return `${base}/${pagePath ?? ''}`;
}
