import type { Server } from 'node:http';
import pino from 'pino';
import { badRequest } from '@quire/errors';
import { sites } from '@quire/proto';
import { publishedContent, listenPublishedRoutes } from './published-content';

// The search page through the reader's HTTP face, sites and content faked: the address resolved
// without `~search` and `q`, the search asked as the resolved URL's site reader with its site space,
// the answer rendered escaped, `noindex`, with the pages' headers.

const content = publishedContent({
  siteSpace: 'ss2',
  basePath: '/sites/o/d/v2/',
  canonicalUrl: 'http://localhost:8080/sites/o/d/v2/',
  apiToken: 'token-of-the-url',
});
const found: Pick<sites.SearchPublishedSiteResponse, 'spaces' | 'nextPage'> = {
  spaces: [
    sites.SiteSearchSpace.fromPartial({
      id: 'sp',
      title: 'Docs',
      pages: [{ id: 'p', title: 'Install', path: 'install', publishedUrl: 'http://localhost:8080/sites/o/d/v2/install' }],
    }),
  ],
  nextPage: '',
};

async function serve(search: (request: Record<string, unknown>) => Promise<Pick<sites.SearchPublishedSiteResponse, 'spaces' | 'nextPage'>>) {
  const resolved: string[] = [];
  const searches: Array<Record<string, unknown>> = [];
  const sitesClient = {
    resolvePublishedUrl: async ({ url }: { url: string }) => {
      resolved.push(url);
      return { outcome: 'content', content, refusedAudience: '' };
    },
    getPublishedSite: async () => ({ found: true, profileJson: JSON.stringify({ site: { id: 's', title: 'Docs site', visibility: 'public' } }) }),
    searchPublishedSite: async (request: Record<string, unknown>) => {
      searches.push(request);
      return search(request);
    },
  };
  const contentPublished = { getPublishedPages: async () => ({ revisionId: 'r', pages: [], createdAt: '', files: [] }) };
  const deps = {
    sites: () => sitesClient,
    contentPublished: () => contentPublished,
    logger: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 2000,
  };
  const { url, server } = await listenPublishedRoutes(deps);
  return { url, server, resolved, searches };
}

let running: Server | undefined;
afterEach(() => running?.close());

it('searches the site space the address resolves to, as its site reader, and links each result', async () => {
  const { url, server, resolved, searches } = await serve(async () => found);
  running = server;
  const res = await fetch(`${url}/sites/o/d/v2/~search?q=install&page=2`);
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(resolved).toEqual(['http://localhost:8080/sites/o/d/v2/']);
  expect(searches).toEqual([{ apiToken: 'token-of-the-url', query: 'install', siteSpaceId: 'ss2', offset: 20, limit: 20, allSiteSpaces: false }]);
  expect(html).toContain('<a href="/sites/o/d/v2/install">Install</a>');
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/sites\/o\/d\/v2\/~search"/);
  expect(html).toContain('value="install"');
  expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
});

it('shows the empty search page without searching when there is no query', async () => {
  const { url, server, searches } = await serve(async () => found);
  running = server;
  for (const q of ['', '?q=', '?q=%20%20']) {
    const res = await fetch(`${url}/sites/o/d/~search${q}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Type words to search this site.');
  }
  expect(searches).toEqual([]);
});

it('echoes a hostile query escaped, and answers a refused one with a 400 page, never a 500', async () => {
  const { url, server, searches } = await serve(async ({ query }) => {
    if (String(query).includes('bad')) throw badRequest('Invalid field "query": must be well-formed', 'search-query-refused');
    if (String(query).includes('odd')) throw badRequest('Invalid field "query": must be well-formed');
    return { spaces: [], nextPage: '' };
  });
  running = server;
  const hostile = await fetch(`${url}/sites/o/d/~search?q=${encodeURIComponent('<script>alert(1)</script> "x" 😀')}`);
  const html = await hostile.text();
  expect(hostile.status).toBe(200);
  expect(html).not.toContain('<script>');
  expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; 😀"');
  const refused = await fetch(`${url}/sites/o/d/~search?q=bad`);
  expect(refused.status).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain('<meta name="robots" content="noindex">');
  expect(refusedHtml).toContain('<p role="alert">This search was not run: the query is not one this site can search.</p>');
  // A 400 with no reason is no refusal the page can name: it is still a 400 page, never a 500.
  const odd = await fetch(`${url}/sites/o/d/~search?q=odd`);
  expect(odd.status).toBe(400);
  expect(await odd.text()).not.toContain('This search was not run');
  // Refused before any call, saying why: NUL, longer than 256 characters, more than 32 terms.
  const calls = searches.length;
  const tooMany = encodeURIComponent(Array.from({ length: 40 }, (_, i) => `-n${i}`).join(' '));
  for (const [q, why] of [
    ['a%00b', 'must not contain the NUL character'],
    ['x'.repeat(257), 'must be at most 256 characters'],
    [tooMany, 'must have at most 32 terms (each word counts, in a phrase or negated too), not 40'],
  ]) {
    const res = await fetch(`${url}/sites/o/d/~search?q=${q}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`This search was not run: the query ${why}.`);
  }
  expect(searches.length).toBe(calls);
});

it('links the results before and after these when sites found more (rel=prev, rel=next), within the 50 pages', async () => {
  const { url, server } = await serve(async ({ offset }) => (Number(offset) >= 40 ? found : { ...found, nextPage: 'token' }));
  running = server;
  const links = async (query: string) => {
    const html = await (await fetch(`${url}/sites/o/d/v2/~search?${query}`)).text();
    const nav = /<nav class="pagination search-paging" aria-label="More search results">(.*?)<\/nav>/.exec(html)?.[1] ?? '';
    return [...nav.matchAll(/<a href="([^"]*)"[^>]*rel="(prev|next)"/g)].map((m) => `${m[2]} ${m[1]?.replace(/&amp;/g, '&')}`);
  };
  expect(await links('q=install%20guide')).toEqual(['next /sites/o/d/v2/~search?q=install%20guide&page=2']);
  expect(await links('q=install&page=2')).toEqual(['prev /sites/o/d/v2/~search?q=install', 'next /sites/o/d/v2/~search?q=install&page=3']);
  // Sites found no more after the third page: previous only.
  expect(await links('q=install&page=3')).toEqual(['prev /sites/o/d/v2/~search?q=install&page=2']);
  // No paging without a query.
  expect(await links('page=2')).toEqual([]);
});
