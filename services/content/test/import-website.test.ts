import { OutboundError } from '@quire/platform/outbound';
import { ImportRefused, type ImportedPage } from '@quire/formats';
import { importWebsite } from '../src/modules/imports/domain/website-import';
import { importDeps, PNG_1X1, serve, type LoopbackSite, type Route, type TestDeps } from './import-loopback-server';

// A 20-page documentation site under /docs/ with header, nav and footer on every page.
const NAV = ['guide', 'api/', 'faq', 'changelog', 'loop-a', 'deep/one', 'about.html'];
const PAGES: Record<string, { title: string; links?: string[]; extra?: string }> = {
  '/docs/': { title: 'Welcome', extra: '<img src="img/logo.png" alt="Logo"><a href="OFF_ORIGIN/docs/x">Partner</a> <a href="/blog/post">Blog</a>' },
  '/docs/guide': { title: 'Guide', links: ['guide/install', 'guide/configure', 'guide/advanced/tuning', 'guide/advanced/scaling', 'guide?tab=2#top'] },
  '/docs/guide/install': { title: 'Install', links: ['../guide', 'configure'], extra: '<img src="/docs/img/logo.png">' },
  '/docs/guide/configure': { title: 'Configure' },
  '/docs/guide/advanced/tuning': { title: 'Tuning' },
  '/docs/guide/advanced/scaling': { title: 'Scaling' },
  '/docs/api/': { title: 'API', links: ['auth', 'pages'] },
  '/docs/api/auth': { title: 'Auth' },
  '/docs/api/pages': { title: 'Pages', links: ['pages/list', 'pages/create'] },
  '/docs/api/pages/list': { title: 'List pages' },
  '/docs/api/pages/create': { title: 'Create a page' },
  '/docs/faq': { title: 'FAQ', links: ['private/secret', 'feed'] },
  '/docs/changelog': { title: 'Changelog' },
  '/docs/loop-a': { title: 'Loop A', links: ['loop-b', 'loop-a#again'] },
  '/docs/loop-b': { title: 'Loop B', links: ['loop-a', 'loop-a?from=b', 'loop-b'] },
  '/docs/deep/one': { title: 'Deep one', links: ['two'] },
  '/docs/deep/two': { title: 'Deep two', links: ['three'] },
  '/docs/deep/three': { title: 'Deep three', links: ['four'] },
  '/docs/deep/four': { title: 'Deep four', links: ['one'] },
  '/docs/about.html': { title: 'About' },
};

function html(path: string, offOrigin: string): string {
  const { title, links = [], extra = '' } = PAGES[path]!;
  const anchors = links.map((l) => `<a href="${l}">${l}</a>`).join(' ');
  return `<!doctype html><html><head><title>${title} | Acme Docs</title></head><body>
    <header><a href="/docs/">Acme Docs</a> <form><input name="q"></form></header>
    <nav>${NAV.map((n) => `<a href="/docs/${n}">${n} section</a>`).join('')}</nav>
    <main><h1>${title}</h1><p>The ${title} page. ${anchors}</p>${extra.replace('OFF_ORIGIN', offOrigin)}</main>
    <footer>© 2026 Acme Inc</footer></body></html>`;
}

type Shape = [string, Shape[]] | string;
const shape = (pages: ImportedPage[]): Shape[] => pages.map((p) => (p.pages.length ? [p.title, shape(p.pages)] : p.title));

describe('importWebsite', () => {
  let site: LoopbackSite;
  let offOrigin: LoopbackSite;
  let deps: TestDeps;
  const pagePaths = Object.keys(PAGES);

  beforeAll(async () => {
    offOrigin = await serve({ '/docs/x': { type: 'text/html', body: '<title>Elsewhere</title>' } });
    const origin = offOrigin.url('');
    const routes: Record<string, Route> = {
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /docs/private/\n' },
      '/docs/img/logo.png': { type: 'image/png', body: PNG_1X1 },
      '/docs/feed': { type: 'application/json', body: '{}' },
      '/docs/private/secret': { type: 'text/html', body: '<title>Secret</title>' },
      '/blog/post': { type: 'text/html', body: '<title>Blog</title>' },
      '/docs/loop-a?from=b': { type: 'text/html', body: '<title>Duplicate</title>' },
    };
    for (const path of pagePaths) routes[path] = { type: 'text/html; charset=utf-8', body: html(path, origin) };
    site = await serve(routes);
  });
  beforeEach(() => {
    deps = importDeps();
    site.requests.length = 0;
  });
  afterEach(() => deps.fetcher.close());
  afterAll(async () => {
    await site.close();
    await offOrigin.close();
  });

  it('crawls the 20 pages into a tree from their paths, main content only, within the start directory and robots.txt', async () => {
    const result = await importWebsite(site.url('/docs/'), deps);
    expect(shape(result.pages)).toEqual([
      'Welcome',
      ['Guide', ['Install', 'Configure', 'Tuning', 'Scaling']],
      ['API', ['Auth', ['Pages', ['List pages', 'Create a page']]]],
      'FAQ',
      'Changelog',
      'Loop A',
      'Deep one',
      'About',
      'Loop B',
      'Deep two',
      'Deep three',
      'Deep four',
    ]);
    const flat: ImportedPage[] = [];
    const walk = (pages: ImportedPage[]) => pages.forEach((p) => (flat.push(p), walk(p.pages)));
    walk(result.pages);
    expect(flat).toHaveLength(20);
    expect(new Set(flat.map((p) => p.source))).toEqual(new Set(pagePaths.map((p) => site.url(p))));
    const install = flat.find((p) => p.title === 'Install')!;
    expect(install.markdown).toBe('The Install page. [../guide](../guide) [configure](configure)\n\n![](/docs/img/logo.png)');
    for (const page of flat) for (const chrome of ['section]', '© 2026', 'Acme Docs', '| Acme']) expect(page.markdown).not.toContain(chrome);

    // Never fetched: robots-disallowed, outside /docs/, another origin, a query duplicate.
    for (const path of ['/docs/private/secret', '/blog/post', '/docs/loop-a?from=b']) expect(site.requests).not.toContain(path);
    expect(offOrigin.requests).toEqual([]);
    expect(site.requests.filter((p) => p === '/docs/loop-a')).toHaveLength(1);
    expect(site.requests[0]).toBe('/robots.txt');

    expect(result.files).toEqual([{ source: site.url('/docs/img/logo.png'), name: 'logo.png', contentType: 'image/png', bytes: PNG_1X1 }]);
    expect(result.totalResources).toBe(20 + 1 + 1); // pages, the JSON feed, the image
    const progress = deps.lines.filter((l) => l.message === 'website import: progress').map((l) => l.fields);
    expect(progress).toEqual([expect.objectContaining({ pages: 10 }), expect.objectContaining({ pages: 20, queued: 0 })]);
    expect((progress[0] as { bytes: number }).bytes).toBeGreaterThan(0);
  });

  it('stops at maxCrawlDepth and maxCrawlPages', async () => {
    const shallow = importDeps({ maxCrawlDepth: 2 });
    const byDepth = await importWebsite(site.url('/docs/'), shallow);
    await shallow.fetcher.close();
    const titles = JSON.stringify(shape(byDepth.pages));
    for (const deeper of ['List pages', 'Create a page', 'Deep three', 'Deep four']) expect(titles).not.toContain(deeper);
    expect(titles).toContain('Deep two');
    expect(shallow.lines.some((l) => l.level === 'warn' && JSON.stringify(l.fields).includes('maxCrawlDepth (2)'))).toBe(true);

    site.requests.length = 0;
    const few = importDeps({ maxCrawlPages: 5 });
    const byPages = await importWebsite(site.url('/docs/'), few);
    await few.fetcher.close();
    expect(shape(byPages.pages)).toEqual(['Welcome', 'Guide', 'API', 'FAQ', 'Changelog']);
    expect(site.requests.filter((p) => p.startsWith('/docs/') && !p.startsWith('/docs/img'))).toHaveLength(5);
    expect(byPages.totalResources).toBe(5 + 1);
    expect(few.lines.some((l) => l.level === 'warn' && JSON.stringify(l.fields).includes('maxCrawlPages (5)'))).toBe(true);
  });

  it('stops at maxCrawlBytes: what it imports fits in the allowance', async () => {
    const small = importDeps({ maxCrawlBytes: 4000 });
    const result = await importWebsite(site.url('/docs/'), small);
    await small.fetcher.close();
    const sources = result.pages.map((p) => p.source);
    expect(sources[0]).toBe(site.url('/docs/'));
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.length).toBeLessThan(10);
    const origin = site.url('');
    const robotsBytes = 'User-agent: *\nDisallow: /docs/private/\n'.length;
    expect(robotsBytes + sources.reduce((sum, s) => sum + Buffer.byteLength(html(s.slice(origin.length), offOrigin.url(''))), 0)).toBeLessThanOrEqual(4000);
    expect(small.lines.some((l) => l.level === 'warn' && JSON.stringify(l.fields).includes('maxCrawlBytes (4000)'))).toBe(true);
  });

  it('stops at maxCrawlMs when a page is slow, with what it had', async () => {
    const slow = await serve({
      '/start': { type: 'text/html', body: '<title>Start</title><main><p>hi</p><a href="/slow">slow</a></main>' },
      '/slow': { type: 'text/html', body: '<title>Slow</title>', delayMs: 5000 },
    });
    const timed = importDeps({ maxCrawlMs: 400 });
    const began = Date.now();
    const result = await importWebsite(slow.url('/start'), timed);
    expect(Date.now() - began).toBeLessThan(2000);
    expect(shape(result.pages)).toEqual(['Start']);
    expect(timed.lines.some((l) => l.level === 'warn' && JSON.stringify(l.fields).includes('maxCrawlMs (400)'))).toBe(true);
    await timed.fetcher.close();
    await slow.close();
  });

  it('takes the start directory as its scope and titles pages without a common suffix', async () => {
    const result = await importWebsite(site.url('/docs/guide/install'), deps);
    // /docs/guide/ is the scope: the guide page itself (/docs/guide) is outside it.
    expect(shape(result.pages)).toEqual(['Install', 'Configure']); // the only pages it links to inside the scope
    expect(result.pages[0]!.source).toBe(site.url('/docs/guide/install'));
  });

  it('refuses a start URL the policy refuses, that robots.txt disallows, or that is not a page', async () => {
    const closed = importDeps({}, []);
    await expect(importWebsite(site.url('/docs/'), closed)).rejects.toEqual(expect.objectContaining({ kind: 'refused' }));
    await expect(importWebsite(site.url('/docs/'), closed)).rejects.toBeInstanceOf(OutboundError);
    await closed.fetcher.close();
    expect(site.requests).toEqual([]);

    await expect(importWebsite(site.url('/docs/private/secret'), deps)).rejects.toThrow(ImportRefused);
    await expect(importWebsite(site.url('/docs/feed'), deps)).rejects.toThrow(/not an HTML page/);
    await expect(importWebsite(site.url('/docs/missing'), deps)).rejects.toMatchObject({ kind: 'http', status: 404 });
    await expect(importWebsite('not a url', deps)).rejects.toMatchObject({ kind: 'invalid-url' });
    expect(site.requests).not.toContain('/docs/private/secret');
  });

  it('refuses when robots.txt cannot be read because of a server error, and crawls without one', async () => {
    const failing = await serve({
      '/robots.txt': { status: 503, body: 'down' },
      '/': { type: 'text/html', body: '<title>Home</title>' },
    });
    await expect(importWebsite(failing.url('/'), deps)).rejects.toThrow(/robots\.txt .* could not be read/);
    await failing.close();
    const noRobots = await serve({ '/': { type: 'text/html', body: '<h1>Home</h1><p>x</p>' } });
    expect(await importWebsite(noRobots.url('/'), deps)).toMatchObject({ pages: [{ title: 'Home', markdown: 'x' }], totalResources: 1 });
    await noRobots.close();
  });
});
