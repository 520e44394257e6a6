import { request } from 'node:http';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { apiClient, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Anonymous requests that amplify or inflate: an MCP batch is bounded (body bytes before parsing,
// 20 messages, 2 MB of answers), charged to the client's limit per message, and only calls the
// MCP SDK validated and ran are counted; a site search query is bounded (256 characters, 32 terms)
// by one rule, on the search page and the published-content API alike.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** The reader's limit per client address in the test stacks (READER_RATE_LIMIT_PER_MINUTE, left at its default). */
const READER_LIMIT_PER_MINUTE = 6000;
/** A page of about 600 KB of markdown: three fit in one request's 2 MB of answers, four do not. */
const BIG_PARAGRAPHS = 9000;

let orgId: string;
let api: GitBookAPI;
let admin: ApiClient;
let site: { id: string; url: string };
let mcpUrl: string;

const JSON_RPC_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const call = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const rpc = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: JSON_RPC_HEADERS, body: JSON.stringify(body) });
const terms = (n: number) => Array.from({ length: n }, (_, i) => `-w${i}`).join(' ');

/**
 * A POST from a loopback address of its own (the gateway and the reader count a client by the
 * address the gateway sees), so this test's allowance is its own, whatever else runs.
 */
function postFrom(localAddress: string, url: string, body: unknown): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, headers: JSON_RPC_HEADERS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader amplification org');
  orgId = own.id;
  admin = apiClient(stack, own.admin.token);
  api = ledger.client(own.admin.token);
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Amplified space' });
  const big = Array.from({ length: BIG_PARAGRAPHS }, (_, i) => `Paragraph ${i} of the wombatine reference, long enough to weigh.`).join('\n\n');
  await mergeChanges(api, space.id, [
    { operation: 'insert_page', title: 'Small', document: { markdown: 'A small page about wombatine.' } },
    { operation: 'insert_page', title: 'Big', document: { markdown: big } },
  ] as never);
  const { data: created } = await api.orgs.createSite(orgId, { title: 'Amplified', visibility: SiteVisibility.Public, spaces: [space.id] });
  await api.orgs.updateSiteById(orgId, created.id, { basename: `amplified-${unique}` });
  await api.orgs.publishSite(orgId, created.id);
  site = { id: created.id, url: (await api.orgs.getSiteById(orgId, created.id)).data.urls.published! };
  mcpUrl = new URL('~gitbook/mcp', site.url).href;
}, 120_000);

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('MCP batches', () => {
  it('refuses a batch of more than 20 messages with a JSON-RPC error that says the cap', async () => {
    const res = await rpc(
      mcpUrl,
      Array.from({ length: 21 }, (_, i) => ping(i)),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'A batch holds at most 20 messages, this one has 21: send the rest in another request' },
      id: null,
    });
    const full = await rpc(
      mcpUrl,
      Array.from({ length: 20 }, (_, i) => ping(i)),
    );
    expect(full.status).toBe(200);
    expect(await full.json()).toHaveLength(20);
  });

  it('refuses a body past 64 KB with a 413 JSON-RPC error before parsing it', async () => {
    // Not JSON at all: a parse would answer 400, the size check answers first.
    const res = await fetch(mcpUrl, { method: 'POST', headers: JSON_RPC_HEADERS, body: `[${'x'.repeat(70 * 1024)}` });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'The request body is larger than the limit of 65536 bytes for one MCP request' },
      id: null,
    });
  });

  it('bounds the answer bytes of a batch: calls past 2 MB answer an error naming the bound', async () => {
    const res = await rpc(
      mcpUrl,
      [1, 2, 3, 4].map((id) => call(id, 'getPage', { path: 'big' })),
    );
    expect(res.status).toBe(200);
    const answers = (await res.json()) as Array<{ id: number; result: { isError?: boolean; content: Array<{ text: string }> } }>;
    expect(answers).toHaveLength(4);
    // Each answer as 'read' or its error's text, so that a failure shows what the others said.
    const lastParagraph = `Paragraph ${BIG_PARAGRAPHS - 1} of the wombatine reference`;
    const outcomes = answers.map((a) =>
      a.result.isError ? a.result.content[0]!.text : a.result.content[0]!.text.includes(lastParagraph) ? 'read' : 'incomplete',
    );
    expect(outcomes.sort()).toEqual([
      'This answer would pass the limit of 2097152 bytes of answers for one request: ask for it in a request of its own',
      'read',
      'read',
      'read',
    ]);
  });

  it('charges each message of a batch to the client’s limit: past the allowance a batch is refused with 429', async () => {
    const batch = Array.from({ length: 20 }, (_, i) => ping(i));
    const minute = () => Math.floor(Date.now() / 60_000);
    /**
     * Batches from a fresh address until one is refused. Counted as one request each, 310 batches
     * would all pass (the gateway's limit is 1,000 an address); counted per message, the reader
     * refuses by the 300th (6,000 messages). Each copy of the reader claims its share of the window
     * in blocks of 100, so with two copies a batch may be refused up to 200 messages early.
     */
    const sendUntilRefused = async () => {
      const address = `127.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
      const window = minute();
      let accepted = 0;
      let refused: Awaited<ReturnType<typeof postFrom>> | undefined;
      while (!refused && accepted < 310) {
        const res = await postFrom(address, mcpUrl, batch);
        if (res.status === 429) refused = res;
        else {
          expect(res.status).toBe(200);
          accepted++;
        }
      }
      return { accepted, refused, oneWindow: minute() === window };
    };
    const nextWindow = () => new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
    // The limit is a fixed window per minute: start where the whole run fits in one, and run again
    // from the start of the next if a loaded machine took the batches across the boundary.
    if (60_000 - (Date.now() % 60_000) < 25_000) await nextWindow();
    let run = await sendUntilRefused();
    if (!run.oneWindow) {
      await nextWindow();
      run = await sendUntilRefused();
    }
    const { accepted, refused } = run;
    expect(run.oneWindow).toBe(true);
    expect(accepted).toBeLessThanOrEqual(READER_LIMIT_PER_MINUTE / 20);
    expect(accepted).toBeGreaterThanOrEqual((READER_LIMIT_PER_MINUTE - 200) / 20);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('Too many requests') } });
  }, 300_000);
});

describe('counting MCP tool calls', () => {
  type Columns = { columns: { column: string; values: unknown[] }[] };
  async function mcpRequests(siteId: string): Promise<number> {
    const res = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, {
      range: 'last24Hours',
      select: [{ column: 'eventType' }, { column: 'eventsCount' }],
      groupBy: [{ column: 'eventType' }],
    });
    expect(res.status).toBe(200);
    const [types, counts] = (res.body as Columns).columns;
    const at = (types?.values ?? []).indexOf('mcp_request');
    return at < 0 ? 0 : Number(counts?.values[at]);
  }

  it('adds no mcp_request event for calls the SDK refused, one for each call it ran', async () => {
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Counted calls' });
    await mergeChanges(api, space.id, [{ operation: 'insert_page', title: 'Only', document: { markdown: 'Counted.' } }] as never);
    const { data: counted } = await api.orgs.createSite(orgId, { title: 'Counted calls', visibility: SiteVisibility.Public, spaces: [space.id] });
    await api.orgs.updateSiteById(orgId, counted.id, { basename: `counted-calls-${unique}` });
    await api.orgs.publishSite(orgId, counted.id);
    const url = new URL('~gitbook/mcp', (await api.orgs.getSiteById(orgId, counted.id)).data.urls.published!).href;

    const invalid = [
      ...Array.from({ length: 16 }, (_, i) => call(i, 'searchDocumentation', { query: 42 })),
      call(16, 'noSuchTool', {}),
      call(17, 'searchDocumentation', { query: terms(40) }),
      call(18, 'getPage', { path: 7 }),
      { jsonrpc: '2.0', id: 19, method: 'tools/call', params: {} },
    ];
    const refused = await rpc(url, invalid);
    expect(refused.status).toBeLessThan(500);
    await refused.text();
    const ran = await rpc(url, call(20, 'getPage', { path: 'only' }));
    expect(ran.status).toBe(200);
    expect(JSON.stringify(await ran.json())).toContain('Counted.');

    await eventually(async () => (await mcpRequests(counted.id)) >= 1, 20_000);
    // Events of one request leave together; give any straggler time to land before the last look.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await mcpRequests(counted.id)).toBe(1);
  }, 60_000);
});

describe('site search query bounds', () => {
  const searchPage = (q: string) => fetch(`${site.url}~search?q=${encodeURIComponent(q)}`);

  it('answers the search page 400, saying why, for a query over 256 characters or 32 terms', async () => {
    const long = await searchPage('w'.repeat(257));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('This search was not run: the query must be at most 256 characters.');
    const many = await searchPage(terms(40));
    expect(many.status).toBe(400);
    expect(await many.text()).toContain(
      'This search was not run: the query must have at most 32 terms (each word counts, in a phrase or negated too), not 40.',
    );
    expect((await searchPage(terms(32))).status).toBe(200);
  });

  it('refuses the same queries in the published-content API’s site search with a 400 naming the field and the bound', async () => {
    const search = (query: string) => admin.post(`/v1/orgs/${orgId}/sites/${site.id}/search`, { query, scope: { mode: 'all' } });
    const many = await search(`"${'ab '.repeat(33).trim()}"`);
    expect(many.status).toBe(400);
    expect(many.body).toEqual({
      error: { code: 400, message: 'Invalid body field "query": must have at most 32 terms (each word counts, in a phrase or negated too), not 33' },
    });
    const long = await search('w'.repeat(257));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Invalid body field "query": must be at most 256 characters');
    expect((await search('wombatine')).status).toBe(200);
  });

  it('refuses them in the MCP search tool too, as a tool error that says why', async () => {
    const res = await rpc(mcpUrl, call(1, 'searchDocumentation', { query: terms(40) }));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0]!.text).toContain('must have at most 32 terms');
  });
});
