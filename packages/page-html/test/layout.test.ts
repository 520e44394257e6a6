import { createDocument } from '@mixmark-io/domino';
import { renderNotFoundPage, renderSearchPage, renderSitePage, siteStylesheet } from '../src';
import { contrast } from '../src/layout/stylesheet';
import { SITE, samplePageView } from './site-views';

// The page around the document: landmarks, navigation, head tags, escaping.

const parse = (html: string) => createDocument(html);
const texts = (root: ReturnType<typeof parse>, selector: string) => Array.from(root.querySelectorAll(selector)).map((node) => node.textContent?.trim());
const attr = (root: ReturnType<typeof parse>, selector: string, name: string) => root.querySelector(selector)?.getAttribute(name);

describe('renderSitePage', () => {
  it('is a whole document with lang, landmarks, a skip link to main and one h1', async () => {
    const html = renderSitePage(await samplePageView());
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    const page = parse(html);
    expect(page.querySelectorAll('header.site-header')).toHaveLength(1);
    expect(page.querySelectorAll('main#content')).toHaveLength(1);
    expect(page.querySelectorAll('footer.site-footer')).toHaveLength(1);
    expect(attr(page, 'aside.toc', 'aria-labelledby')).toBe('toc-title');
    expect(attr(page, 'nav.page-tree', 'aria-label')).toBe('Pages');
    expect(attr(page, 'nav.sections', 'aria-label')).toBe('Sections');
    expect(attr(page, 'body > a.skip-link', 'href')).toBe('#content');
    expect(texts(page, 'h1')).toEqual(['Installing']);
    // The document's headings sit below the page title.
    expect(texts(page, 'main h2')).toEqual(['Install #']);
    expect(page.querySelectorAll('script')).toHaveLength(0);
  });

  it('shows the page tree without hidden pages, groups as labels, the current page marked', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    expect(texts(page, 'nav.page-tree a')).toEqual(['Introduction', 'Quickstart', 'Installing', 'Status']);
    expect(texts(page, 'nav.page-tree .group-title')).toEqual(['Getting started']);
    expect(texts(page, '[aria-current="page"]')).toEqual(['Installing']);
    expect(attr(page, '[aria-current="page"]', 'href')).toBe('https://docs.acme.test/getting-started/quickstart/installing');
    expect(page.body!.innerHTML).not.toContain('Secret draft');
    // The link to another site keeps no referrer.
    expect(attr(page, 'nav.page-tree a[href="https://status.acme.test/"]', 'rel')).toBe('noopener noreferrer');
  });

  it('shows breadcrumbs in order, previous and next, the last update as <time>', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    expect(texts(page, 'nav.breadcrumbs ol li')).toEqual(['Getting started', 'Quickstart']);
    expect(attr(page, 'nav.pagination a[rel="prev"]', 'href')).toBe('https://docs.acme.test/getting-started/quickstart');
    expect(texts(page, 'nav.pagination a')).toEqual(['PreviousQuickstart', 'NextStatus']);
    expect(attr(page, 'time', 'datetime')).toBe('2026-11-20T09:30:00.000Z');
    expect(texts(page, 'time')).toEqual(['November 20, 2026']);
    const none = parse(renderSitePage(await samplePageView({ previous: undefined, next: undefined, breadcrumbs: [] })));
    expect(none.querySelector('nav.pagination') ?? null).toBeNull();
    expect(none.querySelector('nav.breadcrumbs') ?? null).toBeNull();
  });

  it('links the table of contents to the headings’ anchors, which exist in main', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    const hrefs = Array.from(page.querySelectorAll('aside.toc a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['#install', '#configure']);
    for (const href of hrefs) expect(page.querySelector(`main ${href}`)).toBeTruthy();
    expect(attr(page, 'aside.toc li:nth-child(2)', 'class')).toBe('level-2');
  });

  it('shows sections as tabs with groups as menus, and variants as a menu of links', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    expect(texts(page, 'nav.sections a[aria-current="true"]')).toEqual(['Guides']);
    expect(texts(page, 'nav.sections details.menu summary')).toEqual(['More']);
    expect(texts(page, 'nav.sections details.menu a')).toEqual(['API']);
    expect(texts(page, 'nav.variants summary')).toEqual(['Version: v2']);
    expect(texts(page, 'nav.variants a')).toEqual(['v2', 'v1']);
    // One variant: nothing to switch to.
    const single = parse(renderSitePage(await samplePageView({ variants: [{ title: 'v2', url: '/', isCurrent: true }] })));
    expect(single.querySelector('nav.variants') ?? null).toBeNull();
  });

  it('has a search box on every page: a GET form to the search page with q', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    const form = page.querySelector('header form[role="search"]');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('https://docs.acme.test/search');
    expect(form?.querySelector('input[type="search"]')?.getAttribute('name')).toBe('q');
    expect(page.querySelector(`label[for="${form?.querySelector('input')?.getAttribute('id')}"]`)?.textContent).toBe('Search this site');
  });

  it('writes title, description, canonical, the markdown alternate, Open Graph and Twitter tags', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    expect(page.title).toBe('Installing | Acme Docs');
    expect(attr(page, 'meta[name="description"]', 'content')).toBe('Install Acme rockets in two steps.');
    expect(attr(page, 'link[rel="canonical"]', 'href')).toBe('https://docs.acme.test/getting-started/quickstart/installing');
    expect(attr(page, 'link[rel="alternate"][type="text/markdown"]', 'href')).toBe('https://docs.acme.test/getting-started/quickstart/installing.md');
    expect(attr(page, 'meta[property="og:title"]', 'content')).toBe('Installing');
    expect(attr(page, 'meta[property="og:site_name"]', 'content')).toBe('Acme Docs');
    expect(attr(page, 'meta[property="og:url"]', 'content')).toBe('https://docs.acme.test/getting-started/quickstart/installing');
    expect(attr(page, 'meta[property="og:description"]', 'content')).toBe('Install Acme rockets in two steps.');
    expect(attr(page, 'meta[property="og:image"]', 'content')).toBe('https://cdn.acme.test/preview.png');
    expect(attr(page, 'meta[name="twitter:card"]', 'content')).toBe('summary_large_image');
    expect(attr(page, 'link[rel="icon"]:not([media])', 'href')).toBe('https://cdn.acme.test/icon.png');
    expect(attr(page, 'link[rel="icon"][media]', 'href')).toBe('https://cdn.acme.test/icon-dark.png');
  });

  it('describes a page without a description of its own by its summary, in the meta tags only', async () => {
    const sample = await samplePageView();
    const view = { ...sample, page: { ...sample.page, description: undefined, summary: 'The first paragraph, for link previews.' } };
    const page = parse(renderSitePage(view));
    expect(attr(page, 'meta[name="description"]', 'content')).toBe('The first paragraph, for link previews.');
    expect(attr(page, 'meta[property="og:description"]', 'content')).toBe('The first paragraph, for link previews.');
    expect(page.querySelector('.page-description') ?? null).toBeNull();
    // The page's own description wins, and is shown under its title.
    const own = parse(renderSitePage({ ...sample, page: { ...sample.page, summary: 'Not this.' } }));
    expect(attr(own, 'meta[name="description"]', 'content')).toBe('Install Acme rockets in two steps.');
    expect(own.querySelector('.page-description')?.textContent).toBe('Install Acme rockets in two steps.');
  });

  it('says noindex only for an unlisted site', async () => {
    const listed = parse(renderSitePage(await samplePageView()));
    expect(listed.querySelector('meta[name="robots"]') ?? null).toBeNull();
    const unlisted = parse(renderSitePage(await samplePageView({ site: { ...SITE, isUnlisted: true } })));
    expect(attr(unlisted, 'meta[name="robots"]', 'content')).toBe('noindex');
  });

  it('shows the customization: logo for light and dark, header links and dropdowns, footer groups, copyright, social accounts', async () => {
    const page = parse(renderSitePage(await samplePageView()));
    expect(attr(page, 'a.site-title img', 'src')).toBe('https://cdn.acme.test/logo.png');
    expect(attr(page, 'a.site-title img', 'alt')).toBe('Acme Docs');
    expect(attr(page, 'a.site-title source', 'srcset')).toBe('https://cdn.acme.test/logo-dark.png');
    expect(texts(page, 'nav.header-links > ul > li > a')).toEqual(['Blog']);
    expect(texts(page, 'nav.header-links details summary')).toEqual(['Products']);
    expect(attr(page, 'nav.header-links details a', 'href')).toBe('https://acme.test/rockets');
    expect(texts(page, 'footer h2')).toEqual(['Company']);
    expect(texts(page, 'footer nav.footer-group a')).toEqual(['About']);
    expect(texts(page, 'footer .copyright')).toEqual(['© 2026 Acme']);
    expect(attr(page, 'footer nav.social a', 'href')).toBe('https://github.com/acme');
    expect(page.querySelector('header nav.social') ?? null).toBeNull();
  });

  it('themes through custom properties from valid colours only, in one <style> equal to siteStylesheet', async () => {
    const view = await samplePageView();
    const page = parse(renderSitePage(view));
    const styles = page.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0].textContent).toBe(siteStylesheet(SITE.customization));
    expect(siteStylesheet(SITE.customization)).toContain('--primary:#346ddb');
    expect(page.querySelector('[style]') ?? null).toBeNull();
    const hostile = siteStylesheet({ styling: { primaryColor: { light: 'red;}</style><script>alert(1)</script>', dark: '#fff' } } });
    expect(hostile).toContain('--primary:#346ddb');
    expect(hostile).not.toContain('<');
    // A primary colour too pale to read on white stays for accents; links take it darkened to AA.
    const pale = siteStylesheet({ styling: { primaryColor: { light: '#ffff00', dark: '#ffff00' } } });
    expect(pale).toContain('--primary:#ffff00');
    const link = /--link:(#[0-9a-f]{6})/.exec(pale)?.[1] ?? '';
    expect(link).not.toBe('#ffff00');
    expect(contrast(link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(link, '#f5f6f8')).toBeGreaterThanOrEqual(4.5);
    // Dark only when asked, with the dark colours.
    expect(siteStylesheet({ themes: { default: 'system' }, styling: { primaryColor: { light: '#346DDB', dark: '#6f9cf0' } } })).toContain(
      '@media (prefers-color-scheme:dark){:root{color-scheme:dark;',
    );
  });

  it("puts the site's body, heading and code fonts in its one <style>, equal to siteStylesheet with them", async () => {
    const fonts = {
      font: { family: 'Inter', faces: [{ weight: 400, url: '/docs/~quire/font-inter-400.0a.woff2' }] },
      headingFont: { family: 'Roboto Slab', faces: [{ weight: 700, url: '/docs/~quire/font-roboto-slab-700.0b.woff2' }] },
      monospaceFont: { family: 'Fira Code', faces: [{ weight: 400, url: '/docs/~quire/font-fira-code-400.0c.woff2' }] },
    };
    const view = await samplePageView({ site: { ...SITE, ...fonts } });
    const style = parse(renderSitePage(view)).querySelector('style')?.textContent ?? '';
    expect(style).toBe(siteStylesheet(SITE.customization, view.site));
    expect(style).toContain('body{font-family:"Inter",');
    expect(style).toContain('h1,h2,h3,h4,h5,h6{font-family:"Roboto Slab",');
    expect(style).toContain('code,kbd,pre,samp{font-family:"Fira Code",ui-monospace,');
    expect(style.match(/@font-face/g)).toHaveLength(3);
    // A heading font the reader does not bundle is the system stack, never a family named by content.
    const system = parse(renderSitePage(await samplePageView({ site: { ...SITE, headingFont: 'system' } }))).querySelector('style')?.textContent;
    expect(system).toMatch(/\nh1,h2,h3,h4,h5,h6\{font-family:system-ui,[^}]*\}$/);
  });

  it('escapes every string of the view and refuses unsafe addresses', async () => {
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(1)>';
    const view = await samplePageView({
      site: { ...SITE, title: evil, url: 'javascript:alert(1)', lang: '"><x' },
      breadcrumbs: [{ title: evil, url: 'javascript:alert(2)' }],
      pages: [{ kind: 'document', id: 'install', title: evil, url: 'data:text/html,<script>alert(1)</script>' }],
    });
    view.page = { ...view.page, title: evil, description: evil, canonicalUrl: 'javascript:alert(3)', headings: [{ level: 1, text: evil, anchor: '"><x' }] };
    const html = renderSitePage(view);
    const page = parse(html);
    expect(page.querySelectorAll('script, img[onerror]')).toHaveLength(0);
    expect(page.documentElement.getAttribute('lang')).toBe('en');
    expect(texts(page, 'h1')).toEqual([evil]);
    expect(page.title).toBe(evil); // the page title is the site title: said once
    expect(page.querySelector('a[href^="javascript"], a[href^="data"]') ?? null).toBeNull();
    expect(page.querySelector('link[rel="canonical"]') ?? null).toBeNull();
    expect(page.querySelector('aside.toc') ?? null).toBeNull();
    expect(texts(page, 'nav.page-tree span')).toEqual([evil]);
  });
});

describe('renderSearchPage', () => {
  it('shows the query in the box and the results in order, and is not indexed', async () => {
    const { site, pages, sections } = await samplePageView();
    const page = parse(
      renderSearchPage({
        site,
        pages,
        sections,
        query: 'rockets <b>',
        results: [
          {
            title: 'Installing',
            url: 'https://docs.acme.test/getting-started/quickstart/installing',
            excerpt: 'Run the installer for rockets.',
            context: 'Getting started › Quickstart',
          },
          { title: 'Introduction', url: 'https://docs.acme.test/' },
        ],
      }),
    );
    expect(texts(page, 'h1')).toEqual(['Search: rockets <b>']);
    expect(attr(page, 'main input[name="q"]', 'value')).toBe('rockets <b>');
    expect(texts(page, 'ol.search-results > li > a')).toEqual(['Installing', 'Introduction']);
    expect(texts(page, 'ol.search-results .context')).toEqual(['Getting started › Quickstart']);
    expect(attr(page, 'meta[name="robots"]', 'content')).toBe('noindex');
    expect(page.querySelectorAll('form[role="search"]')).toHaveLength(2);
    expect(new Set(Array.from(page.querySelectorAll('input')).map((input) => input.id)).size).toBe(2);
    expect(page.querySelector('[aria-current="page"]') ?? null).toBeNull();
  });

  it('links the results before and after these in a labelled nav with rel=prev and rel=next', () => {
    const page = parse(
      renderSearchPage({
        site: SITE,
        query: 'rockets',
        results: [{ title: 'A', url: '/a' }],
        previousUrl: '/search?q=rockets',
        nextUrl: '/search?q=rockets&page=3',
      }),
    );
    const nav = page.querySelector('main nav.search-paging');
    expect(nav?.getAttribute('aria-label')).toBe('More search results');
    expect(Array.from(nav?.querySelectorAll('a') ?? []).map((a) => [a.getAttribute('rel'), a.getAttribute('href'), a.textContent])).toEqual([
      ['prev', '/search?q=rockets', 'Previous results'],
      ['next', '/search?q=rockets&page=3', 'Next results'],
    ]);
    // Only what is given; none without a query; an unsafe address is no link.
    const first = parse(renderSearchPage({ site: SITE, query: 'rockets', results: [], nextUrl: '/search?q=rockets&page=2' }));
    expect(Array.from(first.querySelectorAll('nav.search-paging a')).map((a) => a.getAttribute('rel'))).toEqual(['next']);
    expect(renderSearchPage({ site: SITE, nextUrl: '/search?page=2' })).not.toContain('search-paging');
    expect(renderSearchPage({ site: SITE, query: 'x', nextUrl: 'javascript:alert(1)' })).not.toContain('javascript:');
  });

  it('says when nothing matches, and asks for words without a query', async () => {
    expect(renderSearchPage({ site: SITE, query: 'zzz', results: [] })).toContain('No page matches your search.');
    expect(renderSearchPage({ site: SITE })).toContain('Type words to search this site.');
  });
});

describe('renderNotFoundPage', () => {
  it('says the page is not found, shows the address, links home and offers search', () => {
    const page = parse(renderNotFoundPage({ site: SITE, path: '/docs/<missing>' }));
    expect(texts(page, 'h1')).toEqual(['Page not found']);
    expect(texts(page, 'main code')).toEqual(['/docs/<missing>']);
    expect(attr(page, 'main a', 'href')).toBe('https://docs.acme.test/');
    expect(attr(page, 'main form[role="search"]', 'action')).toBe('https://docs.acme.test/search');
    expect(attr(page, 'meta[name="robots"]', 'content')).toBe('noindex');
    expect(page.title).toBe('Page not found | Acme Docs');
  });
});
