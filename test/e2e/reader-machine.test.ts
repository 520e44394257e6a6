import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// `llms.txt`, `llms-full.txt` and the MCP server at `<site>/~gitbook/mcp`,
// at GitBook's addresses, under the audience rules. A site is published through the API, then read
// with plain requests (no token) and with the MCP SDK's own client, as tools configured for GitBook do.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let orgId: string;
let api: GitBookAPI;
let spaceId: string;
/** The public site's built-in address. */
let builtIn: string;

const visit = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
const pathOf = (url: string) => new URL(url).pathname;

async function publishedSite(title: string, visibility: SiteVisibility, extra: Record<string, unknown> = {}) {
  const { data: site } = await api.orgs.createSite(orgId, { title, visibility, spaces: [spaceId] });
  if (Object.keys(extra).length) await api.orgs.updateSiteById(orgId, site.id, extra);
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
}

/** An MCP client connected to a site's server (the SDK's own client and Streamable HTTP transport). */
async function mcpClient(siteUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'quire-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('~gitbook/mcp', siteUrl), { requestInit: { headers } }));
  return client;
}

/** The text of a tool's answer (the SDK's type also allows a legacy `toolResult` answer, which has no content). */
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => {
  const content = 'content' in result ? result.content : undefined;
  return (content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
};

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader machine org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Machine space' });
  spaceId = space.id;
  const { pages } = await mergeChanges(api, spaceId, [
    { operation: 'insert_page', title: 'Introduction', description: 'Where to begin', document: { markdown: 'Welcome to the **zephyrine** handbook.' } },
    { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'All the guides.' } },
    { operation: 'insert_page', title: 'Secret plans', hidden: true, document: { markdown: 'Hidden text quokkaroo.' } },
  ] as never);
  await mergeChanges(api, spaceId, [
    {
      operation: 'insert_page',
      title: 'Tips [beta] (new)',
      slug: 'tips',
      into: pages.guides as string,
      document: { markdown: 'Tip: tighten the flange. [Back to guides](../guides.md)' },
    },
  ] as never);
  builtIn = (await publishedSite('Machine handbook', SiteVisibility.Public, { basename: `machine-${unique}` })).url;
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('llms.txt and llms-full.txt', () => {
  it('llms.txt lists every readable page, in tree order, with links that answer the page as markdown', async () => {
    const res = await visit(`${builtIn}llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBeNull();
    const text = await res.text();
    expect(text).toMatch(/^# Machine handbook\n\n> The pages of Machine handbook as markdown\. Every page's text in one file: http\S+llms-full\.txt\n\n## /);
    const links = [...text.matchAll(/^- \[(.+?)\]\((\S+)\)(?:: (.*))?$/gm)].map((m) => ({ title: m[1], url: m[2]!, description: m[3] }));
    expect(links.map((l) => l.title)).toEqual(['Introduction', 'Guides', 'Tips \\[beta\\] (new)']);
    expect(links[0]!.description).toBe('Where to begin');
    const base = pathOf(builtIn);
    expect(links.map((l) => pathOf(l.url))).toEqual([`${base}introduction.md`, `${base}guides.md`, `${base}guides/tips.md`]);
    expect(text).not.toContain('Secret plans');
    for (const link of links) {
      const page = await visit(new URL(pathOf(link.url), builtIn).href);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    }
  });

  it('llms-full.txt holds every readable page’s markdown in tree order, each after its title and URL; hidden pages left out', async () => {
    const res = await visit(`${builtIn}llms-full.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const titles = [...text.matchAll(/^# (.+)\n\nSource: (\S+)$/gm)].map((m) => [m[1], pathOf(m[2]!)]);
    const base = pathOf(builtIn);
    expect(titles).toEqual([
      ['Introduction', `${base}introduction.md`],
      ['Guides', `${base}guides.md`],
      ['Tips [beta] (new)', `${base}guides/tips.md`],
    ]);
    expect(text).toContain('Welcome to the **zephyrine** handbook.');
    expect(text).toContain('Tip: tighten the flange.');
    // A page's relative link is made absolute against its own .md address, not llms-full.txt's.
    expect(text).toMatch(/\[Back to guides\]\(http\S+\.md\)/);
    expect(text).toContain(`${base}guides.md)`);
    expect(text).not.toContain('quokkaroo');
    expect(text).not.toContain('left out');
  });

  it('llms-full.txt of a site of 300 pages answers 200 with every page’s markdown, in tree order', async () => {
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Large machine space' });
    const count = 300;
    const numbers = Array.from({ length: count }, (_, i) => String(i).padStart(3, '0'));
    // One change request (the API takes 50 changes a call), merged once: one revision of 300 pages.
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Many chapters' });
    for (let at = 0; at < count; at += 50) {
      const changes = numbers
        .slice(at, at + 50)
        .map((n) => ({ operation: 'insert_page', title: `Chapter ${n}`, document: { markdown: `The text of chapter ${n}: marker-${n}-${unique}.` } }));
      await api.spaces.updateChangeRequestContent(space.id, cr.id, { changes } as never, { compat: false });
    }
    expect((await api.spaces.mergeChangeRequest(space.id, cr.id)).data.result).toBe('merge');
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Large machine', visibility: SiteVisibility.Public, spaces: [space.id] });
    await api.orgs.publishSite(orgId, site.id);
    const url = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
    const res = await visit(`${url}llms-full.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect([...text.matchAll(/^# (.+)$/gm)].map((m) => m[1])).toEqual(numbers.map((n) => `Chapter ${n}`));
    for (const n of numbers) expect(text).toContain(`The text of chapter ${n}: marker-${n}-${unique}.`);
    expect(text).not.toContain('left out');
  });

  it('llms.txt lives at the site root only', async () => {
    expect((await visit(`${builtIn}guides/llms.txt`)).status).toBe(404);
  });

  it('an unlisted site answers llms.txt to whoever has its URL, marked noindex', async () => {
    const site = await publishedSite('Unlisted machine', SiteVisibility.Unlisted);
    const res = await visit(`${site.url}llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.text()).toContain('- [Guides](');
  });

  it('a share-link site’s llms.txt needs the key (on the URL once, then the cookie)', async () => {
    const site = await publishedSite('Shared machine', SiteVisibility.ShareLink);
    const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Bots' });
    const key = new URL(link.urls.published!).searchParams.get('share_key')!;
    expect((await visit(`${site.url}llms.txt`)).status).toBe(404);
    expect((await visit(`${site.url}llms-full.txt`)).status).toBe(404);
    const entry = await visit(`${site.url}llms.txt?share_key=${key}`);
    expect(entry.status).toBe(302);
    const cookie = entry.headers.getSetCookie()[0]!.split(';')[0]!;
    const res = await visit(`${site.url}llms.txt`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.text()).toContain('- [Introduction](');
  });
});

describe('MCP server at <site>/~gitbook/mcp', () => {
  it('initializes statelessly and lists its two tools', async () => {
    const client = await mcpClient(builtIn);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['getPage', 'searchDocumentation']);
      expect(client.getServerVersion()?.name).toBe('quire-site');
    } finally {
      await client.close();
    }
  });

  it('getPage answers a page’s markdown by URL or path; a hidden page by its address, not another site’s', async () => {
    const client = await mcpClient(builtIn);
    try {
      const byPath = await client.callTool({ name: 'getPage', arguments: { path: 'guides/tips' } });
      expect(byPath.isError).toBeFalsy();
      expect(textOf(byPath)).toMatch(/^# Tips \[beta\] \(new\)\n\nTip: tighten the flange\./);
      const byUrl = await client.callTool({ name: 'getPage', arguments: { url: `${builtIn}introduction.md` } });
      expect(textOf(byUrl)).toContain('zephyrine');
      // A hidden page is left out of lists, yet served at its address, as its HTML page is.
      expect(textOf(await client.callTool({ name: 'getPage', arguments: { path: 'secret-plans' } }))).toContain('quokkaroo');
      const missing = await client.callTool({ name: 'getPage', arguments: { path: 'no/such/page' } });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain('No page of this site');
      const other = await publishedSite('Other machine', SiteVisibility.Public);
      const elsewhere = await client.callTool({ name: 'getPage', arguments: { url: `${other.url}guides` } });
      expect(elsewhere.isError).toBe(true);
      const tooLong = await client
        .callTool({ name: 'getPage', arguments: { path: 'x'.repeat(5000) } })
        .catch((err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }));
      expect(tooLong.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('searchDocumentation finds pages of the site with their URLs and snippets', async () => {
    const client = await mcpClient(builtIn);
    try {
      let text = '';
      await eventually(async () => {
        const result = await client.callTool({ name: 'searchDocumentation', arguments: { query: 'zephyrine' } });
        text = textOf(result);
        return !result.isError && text.includes('Introduction');
      }, 30_000);
      expect(text).toMatch(new RegExp(`URL: http\\S*${pathOf(builtIn)}introduction`));
      expect(text).toContain('zephyrine');
      // Hidden pages are not searched.
      const hidden = await client.callTool({ name: 'searchDocumentation', arguments: { query: 'quokkaroo' } });
      expect(hidden.isError).toBeFalsy();
      expect(textOf(hidden)).toBe('No page matches.');
    } finally {
      await client.close();
    }
  });

  it('a share-link site’s server needs the key; refusals are JSON-RPC errors', async () => {
    const site = await publishedSite('Shared MCP', SiteVisibility.ShareLink);
    const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Agents' });
    const key = new URL(link.urls.published!).searchParams.get('share_key')!;
    await expect(mcpClient(site.url)).rejects.toThrow();
    const refused = await fetch(new URL('~gitbook/mcp', site.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'No published site at this address' }, id: null });

    const client = await mcpClient(site.url, { cookie: `quire_share_key=${key}` });
    try {
      const page = await client.callTool({ name: 'getPage', arguments: { path: 'guides' } });
      expect(textOf(page)).toMatch(/^# Guides\n\nAll the guides\./);
    } finally {
      await client.close();
    }
    const byKey = new Client({ name: 'quire-e2e', version: '1.0.0' });
    await byKey.connect(new StreamableHTTPClientTransport(new URL(`~gitbook/mcp?share_key=${key}`, site.url)));
    expect(textOf(await byKey.callTool({ name: 'getPage', arguments: { path: '' } }))).toMatch(/^# Introduction/);
    await byKey.close();
  });

  it('answers GET with 405 (stateless: no stream to open)', async () => {
    const res = await fetch(new URL('~gitbook/mcp', builtIn), { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe(-32000);
  });

  it('refuses a form post with 415 and a JSON-RPC error, where a page takes one (feedback)', async () => {
    const res = await fetch(new URL('~gitbook/mcp', builtIn), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json, text/event-stream' },
      body: 'jsonrpc=2.0&id=1&method=tools%2Flist',
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/content-type/i) } });
  });
});
