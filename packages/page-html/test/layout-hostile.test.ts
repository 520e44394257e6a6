import fc from 'fast-check';
import { createDocument } from '@mixmark-io/domino';
import { renderNotFoundPage, renderSearchPage, renderSitePage, SITE_RULES, siteStylesheet } from '../src';
import { hostileString } from './hostile-strings';
import { disguisedUnsafeAddress, isSafeWhenDecoded } from '../../urls/test/disguised-addresses';

// Hostile views: every string the reader passes from a site's content or customization (titles,
// addresses, colours, languages, handles…) made to break out, at every field, and values of the
// wrong type. Parsed as a browser would: one `<style>` (ours), no script, handler or unsafe address.

const nasty = hostileString(30, 12);
const anything = fc.oneof(nasty, fc.integer(), fc.constant(null), fc.constant(undefined), fc.boolean(), fc.array(nasty, { maxLength: 2 }));
const themed = fc.record({ light: nasty, dark: nasty });
const contentRef = fc.oneof(fc.record({ kind: fc.constant('url'), url: nasty }), fc.record({ kind: nasty, page: nasty }), nasty);
const link = fc.record({ title: nasty, to: contentRef }, { requiredKeys: [] });

const customization = fc.record(
  {
    title: nasty,
    styling: fc.record({ theme: nasty, primaryColor: themed, tint: fc.record({ color: themed }) }, { requiredKeys: [] }),
    themes: fc.record({ default: fc.oneof(fc.constantFrom('light', 'dark', 'system'), nasty) }),
    favicon: fc.record({ icon: themed, emoji: nasty }, { requiredKeys: [] }),
    header: fc.record(
      {
        logo: themed,
        links: fc.array(fc.record({ title: nasty, to: contentRef, links: fc.array(link, { maxLength: 2 }) }, { requiredKeys: [] }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    footer: fc.record(
      { logo: themed, copyright: nasty, groups: fc.array(fc.record({ title: nasty, links: fc.array(link, { maxLength: 2 }) }), { maxLength: 2 }) },
      { requiredKeys: [] },
    ),
    socialAccounts: fc.array(
      fc.record({
        platform: fc.oneof(fc.constantFrom('github', 'mastodon', 'slack', 'twitter', '__proto__', 'constructor'), nasty),
        handle: nasty,
        display: fc.record({ header: fc.boolean(), footer: fc.boolean() }),
      }),
      { maxLength: 3 },
    ),
    socialPreview: fc.record({ url: nasty }),
  },
  { requiredKeys: [] },
);
const linkView = fc.record({ title: anything, url: anything }, { requiredKeys: [] });
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.record(
    {
      kind: fc.oneof(fc.constantFrom('document', 'group', 'link'), nasty),
      id: fc.oneof(fc.constant('current'), nasty),
      title: anything,
      url: anything,
      hidden: fc.oneof(fc.boolean(), nasty),
      pages: fc.oneof({ depthSize: 'small' }, fc.array(tie('tree'), { maxLength: 3 }), nasty),
    },
    { requiredKeys: [] },
  ),
}));
const chrome = {
  site: fc.record(
    {
      title: anything,
      lang: anything,
      url: anything,
      searchUrl: anything,
      isUnlisted: fc.oneof(fc.boolean(), nasty),
      customization: fc.oneof(customization, anything),
    },
    { requiredKeys: [] },
  ),
  sections: fc.oneof(
    fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('section'), title: anything, url: anything, isCurrent: fc.boolean() }),
        fc.record({ kind: fc.constant('link'), title: anything, url: anything }),
        fc.record({ kind: fc.constant('group'), title: anything, sections: fc.oneof(fc.array(linkView, { maxLength: 2 }), nasty) }),
      ),
      { maxLength: 3 },
    ),
    anything,
  ),
  variants: fc.oneof(
    fc.array(fc.record({ title: anything, url: anything, isCurrent: fc.boolean(), lang: anything }, { requiredKeys: [] }), { maxLength: 3 }),
    anything,
  ),
  pages: fc.oneof(fc.array(tree, { maxLength: 4 }), anything),
};
const pageView = fc.record({
  ...chrome,
  page: fc.oneof(
    fc.record(
      {
        id: fc.oneof(fc.constant('current'), nasty),
        title: anything,
        description: anything,
        html: fc.constant('<p>Safe document</p>'),
        headings: fc.oneof(
          fc.array(fc.record({ level: anything, text: anything, anchor: fc.oneof(fc.constant('install'), nasty) }), { maxLength: 3 }),
          anything,
        ),
        updatedAt: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          anything,
        ),
        canonicalUrl: anything,
        markdownUrl: anything,
      },
      { requiredKeys: ['html'] },
    ),
    anything,
  ),
  breadcrumbs: fc.oneof(fc.array(linkView, { maxLength: 3 }), anything),
  previous: fc.oneof(linkView, anything),
  next: fc.oneof(linkView, anything),
});
const searchView = fc.record({
  ...chrome,
  query: anything,
  results: fc.oneof(
    fc.array(fc.record({ title: anything, url: anything, excerpt: anything, context: anything }, { requiredKeys: [] }), { maxLength: 3 }),
    anything,
  ),
});
const notFoundView = fc.record({ ...chrome, path: anything });

const schemeOf = (value: string): string => new URL(value, 'https://site.test/docs/page').protocol;
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'action', 'srcset']);
const ADDRESS_METAS = new Set(['og:url', 'og:image', 'twitter:image']);

/** What a browser would build: our one `<style>`, no script or frame, no handler or style attribute, no unsafe address. */
function assertInert(html: string, customizationOf: unknown): void {
  expect(html.startsWith('<!doctype html>\n<html lang="')).toBe(true);
  const page = createDocument(html);
  const styles = Array.from(page.querySelectorAll('style'));
  expect(styles).toHaveLength(1);
  expect(styles[0].parentElement?.tagName.toLowerCase()).toBe('head');
  expect(styles[0].textContent).toBe(siteStylesheet(customizationOf));
  expect(page.querySelectorAll('h1')).toHaveLength(1);
  expect(page.querySelectorAll('main')).toHaveLength(1);
  for (const element of Array.from(page.querySelectorAll('*'))) {
    expect(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'BASE', 'TEMPLATE', 'FRAME']).not.toContain(element.tagName.toUpperCase());
    for (const { name, value } of Array.from(element.attributes)) {
      expect(name).not.toMatch(/^on/i);
      expect(name).not.toBe('style');
      expect(name).not.toBe('srcdoc');
      if (ADDRESS_ATTRIBUTES.has(name) && value !== '')
        expect(['https:', 'http:', 'mailto:']).toContain(schemeOf(name === 'srcset' ? value.split(/\s+/)[0] : value));
      if (name === 'content' && ADDRESS_METAS.has(element.getAttribute('property') ?? element.getAttribute('name') ?? ''))
        expect(['https:', 'http:']).toContain(schemeOf(value));
    }
  }
  // Colours reach the stylesheet only when valid: the site's part is custom properties of `#hex` values.
  const text = styles[0].textContent ?? '';
  expect(text.endsWith(`\n${SITE_RULES}`)).toBe(true);
  const theme = text.slice(0, -SITE_RULES.length - 1);
  expect(theme).toMatch(/^[-a-z0-9:;#{}() @]+$/);
  for (const [, value] of theme.matchAll(/--[a-z]+:([^;}]*)/g)) expect(value).toMatch(/^#[0-9a-f]{3}([0-9a-f]{3})?$/);
}

const customizationIn = (view: { site?: unknown }): unknown =>
  typeof view.site === 'object' && view.site !== null ? (view.site as { customization?: unknown }).customization : undefined;

describe('the layout against hostile views', () => {
  it('renders pages with no script, handler, style attribute or unsafe address; deterministic; never throws', () => {
    fc.assert(
      fc.property(pageView, (view) => {
        const html = renderSitePage(view as never);
        assertInert(html, customizationIn(view));
        expect(renderSitePage(view as never)).toBe(html);
      }),
      { numRuns: 300 },
    );
  });

  it('renders search and 404 pages as safely', () => {
    fc.assert(
      fc.property(searchView, notFoundView, (search, notFound) => {
        assertInert(renderSearchPage(search as never), customizationIn(search));
        assertInert(renderNotFoundPage(notFound as never), customizationIn(notFound));
      }),
      { numRuns: 200 },
    );
  });

  it('takes anything at all as a view', () => {
    for (const view of [undefined, null, 42, 'x', [], {}, { site: null, page: null }, { site: [], pages: {} }]) {
      assertInert(renderSitePage(view as never), undefined);
      assertInert(renderSearchPage(view as never), undefined);
      assertInert(renderNotFoundPage(view as never), undefined);
    }
  });

  it('bounds its work: a 100,000-node tree, a 10,000-deep tree and a 1 MB title', () => {
    const wide = Array.from({ length: 100_000 }, (_, i) => ({ kind: 'document', id: `p${i}`, title: `Page ${i}`, url: `/p${i}` }));
    let deep: unknown = { kind: 'document', id: 'leaf', title: 'Leaf', url: '/leaf' };
    for (let i = 0; i < 10_000; i += 1) deep = { kind: 'document', id: `d${i}`, title: `D${i}`, url: `/d${i}`, pages: [deep] };
    const started = Date.now();
    const html = renderSitePage({
      site: { title: 'x'.repeat(1_000_000), url: '/', searchUrl: '/search' },
      pages: [...wide, deep],
      page: { id: 'p1', title: 'y'.repeat(1_000_000), html: '' },
    } as never);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(html.length).toBeLessThan(5_000_000);
    expect((html.match(/<li>/g) ?? []).length).toBeLessThanOrEqual(20_001);
  });
});

describe('the chrome against addresses whose scheme hides behind an encoding', () => {
  const customLink = (title: string, url: string) => ({ title, to: { kind: 'url', url } });

  it('gives every link, image and form of the chrome an address that is safe once decoded, and shows refused links as text (property)', () => {
    fc.assert(
      fc.property(fc.array(disguisedUnsafeAddress, { minLength: 12, maxLength: 12 }), (urls) => {
        const [header, nested, footer, home, section, variant, tree, crumb, next, logo, search, preview] = urls;
        const html = renderSitePage({
          site: {
            title: 'Docs',
            url: home,
            searchUrl: search,
            customization: {
              header: {
                logo: { light: logo, dark: logo },
                links: [{ ...customLink('Header link', header), links: [customLink('Nested link', nested)] }],
              },
              footer: { logo: { light: logo, dark: logo }, groups: [{ title: 'Group', links: [customLink('Footer link', footer)] }] },
              favicon: { icon: { light: logo, dark: logo } },
              socialPreview: { url: preview },
            },
          },
          sections: [{ kind: 'section', title: 'Section link', url: section, isCurrent: false }],
          variants: [
            { title: 'Variant link', url: variant, isCurrent: false },
            { title: 'v2', url: '/v2', isCurrent: true },
          ],
          pages: [{ kind: 'document', id: 'other', title: 'Tree link', url: tree }],
          page: { id: 'current', title: 'Page', html: '<p>Body</p>', canonicalUrl: home, markdownUrl: home },
          breadcrumbs: [{ title: 'Crumb link', url: crumb }],
          next: { title: 'Next link', url: next },
        } as never);
        const page = createDocument(html);
        for (const element of Array.from(page.querySelectorAll('*')))
          for (const { name, value } of Array.from(element.attributes))
            if (ADDRESS_ATTRIBUTES.has(name) || (name === 'content' && value.includes(':')))
              expect({ name, value, safe: isSafeWhenDecoded(value) }).toEqual({ name, value, safe: true });
        // Refused, each link is its title as text: nothing of the chrome is lost.
        const anchors = Array.from(page.querySelectorAll('a')).map((a) => a.textContent);
        for (const title of ['Header link', 'Nested link', 'Footer link', 'Section link', 'Variant link', 'Tree link', 'Crumb link']) {
          expect(html).toContain(title);
          expect(anchors).not.toContain(title);
        }
      }),
      { numRuns: 300, seed: 4207 },
    );
  });
});
