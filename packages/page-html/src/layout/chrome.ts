import type { TocHeading } from '../render/page-context';
import { ANCHOR } from '../safety/urls';
import { profileOf, type CustomLink, type SiteLook, type SocialAccount, type ThemedImage } from './customization';
import { LABELS } from './labels';
import { imageAddress, linkTo, pageAddress, srcsetAddress } from './links';
import { pageMark } from './emoji';
import { bounded, escapeText, tag, type Markup } from './markup';
import type { SectionItem, SiteChromeView, TreePage, VariantView } from './site-view';

// The parts every page of a site shows: header (title or logo, header links, search, sections,
// variants), the page tree as a sidebar, the footer. Lists are bounded so that a hostile view
// costs little; trees deeper than MAX_DEPTH are cut.

const MAX_ITEMS = 500;
const MAX_TREE_NODES = 20_000;
const MAX_DEPTH = 12;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const listOf = <T>(value: unknown, max = MAX_ITEMS): T[] => (Array.isArray(value) ? (value.slice(0, max) as unknown[]).filter(isObject) : []) as T[];
const title = (value: unknown): Markup => escapeText(bounded(value));

/** A logo for light and dark backgrounds: `<picture>` with a dark `<source>`; `alt` names the site. */
export function logo(image: ThemedImage | undefined, alt: unknown): Markup | undefined {
  const light = imageAddress(image?.light);
  if (!light) return undefined;
  const dark = srcsetAddress(image?.dark);
  return tag(
    'picture',
    {},
    dark && dark !== light ? tag('source', { srcset: dark, media: '(prefers-color-scheme: dark)' }) : undefined,
    tag('img', { src: light, alt: bounded(alt) }),
  );
}

function customLinks(links: CustomLink[], label: string): Markup {
  const items = links.map((link) =>
    link.links.length > 0
      ? tag(
          'li',
          {},
          tag(
            'details',
            { class: 'menu' },
            tag('summary', {}, title(link.title)),
            tag('ul', {}, ...link.links.map((child) => tag('li', {}, linkTo(child.url, title(child.title))))),
          ),
        )
      : tag('li', {}, linkTo(link.url, title(link.title))),
  );
  return tag('nav', { class: 'header-links', 'aria-label': label }, tag('ul', { class: 'plain' }, ...items));
}

export function searchForm(searchUrl: unknown, id: string, label: string, query?: unknown): Markup {
  return tag(
    'form',
    { class: 'site-search', role: 'search', 'aria-label': label, method: 'get', action: pageAddress(searchUrl) ?? '' },
    tag('label', { for: id, class: 'visually-hidden' }, escapeText(LABELS.searchLabel)),
    tag('input', {
      type: 'search',
      id,
      name: 'q',
      value: typeof query === 'string' ? bounded(query) : undefined,
      placeholder: LABELS.searchPlaceholder,
      autocomplete: 'off',
    }),
    tag('button', { type: 'submit' }, escapeText(LABELS.search)),
  );
}

function sections(items: SectionItem[]): Markup | undefined {
  if (items.length === 0) return undefined;
  const entry = (section: { title: unknown; url: unknown; isCurrent?: unknown }) =>
    tag('li', {}, linkTo(section.url, title(section.title), { 'aria-current': section.isCurrent === true ? 'true' : undefined }));
  const list = items.map((item) =>
    item.kind === 'group'
      ? tag(
          'li',
          {},
          tag(
            'details',
            { class: 'menu' },
            tag('summary', {}, title(item.title)),
            tag('ul', {}, ...listOf<{ title: unknown; url: unknown; isCurrent?: unknown }>(item.sections).map(entry)),
          ),
        )
      : entry(item),
  );
  return tag('nav', { class: 'sections', 'aria-label': LABELS.sections }, tag('ul', { class: 'plain' }, ...list));
}

function variants(items: VariantView[]): Markup | undefined {
  if (items.length < 2) return undefined;
  const current = items.find((item) => item.isCurrent === true) ?? items[0];
  const entry = (item: VariantView) => {
    const lang = typeof item.lang === 'string' && LANG.test(item.lang) ? item.lang : undefined;
    return tag('li', {}, linkTo(item.url, title(item.title), { 'aria-current': item === current ? 'true' : undefined, hreflang: lang, lang }));
  };
  return tag(
    'nav',
    { class: 'variants', 'aria-label': LABELS.variants },
    tag('details', { class: 'menu' }, tag('summary', {}, `${escapeText(LABELS.variant)}: ${title(current.title)}`), tag('ul', {}, ...items.map(entry))),
  );
}

export const LANG = /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,3}$/i;

export function header(view: SiteChromeView, look: SiteLook): Markup {
  const site = isObject(view.site) ? view.site : { title: '', url: '', searchUrl: '' };
  const name = typeof site.title === 'string' && site.title !== '' ? site.title : look.title;
  const brand = logo(look.headerLogo, name) ?? title(name);
  const social = socialLinks(look.socialAccounts.header, LABELS.socialHeader);
  const bar = tag(
    'div',
    { class: 'header-bar' },
    linkTo(site.url, brand, { class: 'site-title' }),
    look.headerLinks.length > 0 ? customLinks(look.headerLinks, LABELS.headerLinks) : undefined,
    social,
    searchForm(site.searchUrl, 'site-search-q', LABELS.searchSite),
  );
  const sectionNav = sections(listOf<SectionItem>(view.sections));
  const variantNav = variants(listOf<VariantView>(view.variants));
  return tag('header', { class: 'site-header' }, bar, sectionNav || variantNav ? tag('div', { class: 'section-bar' }, sectionNav, variantNav) : undefined);
}

/** The page tree: hidden pages left out, groups as labelled lists, the current page `aria-current="page"`. */
export function sidebar(pages: unknown, currentId: unknown): Markup | undefined {
  let budget = MAX_TREE_NODES;
  const list = (nodes: unknown, depth: number): Markup | undefined => {
    const items: Markup[] = [];
    for (const node of listOf<TreePage>(nodes)) {
      if (budget-- <= 0 || node.hidden === true) continue;
      const children = depth < MAX_DEPTH ? list(node.pages, depth + 1) : undefined;
      if (node.kind === 'group') {
        // A group opens and closes without script; it starts open, as GitBook's.
        items.push(
          tag(
            'li',
            { class: 'group' },
            tag(
              'details',
              { open: true },
              tag('summary', {}, tag('span', { class: 'group-title' }, pageMark(node.emoji, node.icon) + title(node.title))),
              children,
            ),
          ),
        );
      } else {
        const isCurrent = node.kind === 'document' && typeof currentId === 'string' && node.id === currentId;
        items.push(
          tag('li', {}, linkTo(node.url, pageMark(node.emoji, node.icon) + title(node.title), { 'aria-current': isCurrent ? 'page' : undefined }), children),
        );
      }
    }
    return items.length > 0 ? tag('ul', {}, ...items) : undefined;
  };
  const tree = list(pages, 0);
  if (!tree) return undefined;
  return tag(
    'div',
    { class: 'site-sidebar' },
    tag('details', { class: 'site-menu' }, tag('summary', {}, escapeText(LABELS.pages)), tag('nav', { class: 'page-tree', 'aria-label': LABELS.pages }, tree)),
  );
}

/** The on-page table of contents: links to the headings' anchors (only anchors of the slug alphabet). */
export function tableOfContents(headings: unknown): Markup | undefined {
  const items = listOf<TocHeading>(headings, 200)
    .filter((heading) => typeof heading.anchor === 'string' && ANCHOR.test(heading.anchor))
    .map((heading) =>
      tag(
        'li',
        { class: `level-${heading.level === 2 || heading.level === 3 ? heading.level : 1}` },
        tag('a', { href: `#${heading.anchor}` }, title(heading.text)),
      ),
    );
  if (items.length === 0) return undefined;
  return tag(
    'aside',
    { class: 'toc', 'aria-labelledby': 'toc-title' },
    tag('h2', { id: 'toc-title' }, escapeText(LABELS.onThisPage)),
    tag('ul', { class: 'plain' }, ...items),
  );
}

function socialLinks(accounts: SocialAccount[], label: string): Markup | undefined {
  const links = accounts.flatMap((account) => {
    const profile = profileOf(account);
    return profile?.url ? [tag('li', {}, linkTo(profile.url, escapeText(profile.label)))] : [];
  });
  return links.length > 0 ? tag('nav', { class: 'social', 'aria-label': label }, tag('ul', { class: 'plain' }, ...links)) : undefined;
}

export function footer(look: SiteLook, siteTitle: unknown): Markup {
  const groups = look.footerGroups.map((group, index) =>
    tag(
      'nav',
      { class: 'footer-group', 'aria-labelledby': `footer-group-${index}` },
      tag('h2', { id: `footer-group-${index}` }, title(group.title)),
      tag('ul', { class: 'plain' }, ...group.links.map((link) => tag('li', {}, linkTo(link.url, title(link.title))))),
    ),
  );
  const copyright =
    typeof look.copyright === 'string' && look.copyright.trim() !== '' ? tag('p', { class: 'copyright' }, escapeText(bounded(look.copyright))) : undefined;
  const footerLogo = logo(look.footerLogo, siteTitle);
  return tag(
    'footer',
    { class: 'site-footer' },
    tag(
      'div',
      { class: 'footer-inner' },
      footerLogo ? tag('div', { class: 'footer-logo' }, footerLogo) : undefined,
      ...groups,
      socialLinks(look.socialAccounts.footer, LABELS.socialFooter),
      copyright,
    ),
  );
}
