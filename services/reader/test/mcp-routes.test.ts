import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { badRequest } from '@quire/errors';
import { MCP_MESSAGE_LIMITS, mcpBodyRefusals, mcpRoutes, type McpRoutesDeps } from '../src/modules/machine-readable';
import { publishedContent } from './published-content';

// The MCP route's own duties: each tool call is counted as an `mcp_request`
// (the handshake and tools/list are not), an address sites refuses as input is a JSON-RPC 404
// (never a 500), and a late dependency is a JSON-RPC 503 within READER_ANSWER_TIMEOUT_MS; a batch
// is bounded (body bytes, messages, calls at once) and only the calls the SDK validated are counted.

const content = publishedContent({ revision: 'r1' });

async function serve(
  resolvePublishedUrl: () => Promise<unknown>,
  recorded: unknown[][] = [],
  searchPublishedSite: () => Promise<unknown> = async () => ({ spaces: [], nextPage: '', hits: [] }),
): Promise<{ url: string; server: Server }> {
  const deps = {
    sites: () => ({ resolvePublishedUrl, searchPublishedSite }),
    contentPublished: () => ({}),
    logger: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 300,
    visits: {
      recordVisit: (...args: unknown[]) => {
        recorded.push(args);
        return ['quire_visitor=v; Path=/sites/o/d'];
      },
    },
  };
  const app = express();
  app.use(express.json({ limit: MCP_MESSAGE_LIMITS.bodyBytes }));
  app.use(mcpRoutes(deps as unknown as McpRoutesDeps), mcpBodyRefusals);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sites/o/d/~gitbook/mcp`, server };
}

const rpc = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(body) });

it('counts each tools/call as an mcp_request of the resolved site space, and not the handshake or tools/list', async () => {
  const recorded: unknown[][] = [];
  const { url, server } = await serve(async () => ({ outcome: 'content', content }), recorded);
  try {
    expect((await rpc(url, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    expect(recorded).toHaveLength(0);
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'searchDocumentation', arguments: { query: 'x' } } };
    const res = await rpc(url, call);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('quire_visitor=v');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.[0]).toBe('mcp_request');
    expect(recorded[0]?.[1]).toMatchObject({ organization: 'o', site: 's', siteSpace: 'ss', space: 'sp', revision: 'r1', page: '', cookiePath: '/sites/o/d' });
  } finally {
    server.close();
  }
});

it('answers a JSON-RPC 404 when sites refuses the address as input, and a 503 when sites is late', async () => {
  const refused = await serve(() => Promise.reject(badRequest('url must be at most 8192 characters')));
  try {
    const res = await rpc(refused.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: -32001 } });
  } finally {
    refused.server.close();
  }
  const late = await serve(() => new Promise(() => undefined));
  try {
    const started = Date.now();
    const res = await rpc(late.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
  } finally {
    late.server.close();
  }
});

const search = (id: number, query = 'x') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'searchDocumentation', arguments: { query } } });

it('counts only the tool calls the SDK validated and ran: malformed, unknown and over-bound calls add no event', async () => {
  const recorded: unknown[][] = [];
  const { url, server } = await serve(async () => ({ outcome: 'content', content }), recorded);
  try {
    const invalid = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'searchDocumentation', arguments: { query: 42 } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'noSuchTool', arguments: {} } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: {} },
      search(4, Array.from({ length: 40 }, (_, i) => `-w${i}`).join(' ')),
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'getPage', arguments: {} } },
    ];
    const res = await rpc(url, invalid);
    expect(res.status).toBeLessThan(500);
    expect(recorded).toHaveLength(0);
    const answers = (await res.json()) as Array<{ id: number; result?: { isError?: boolean; content: Array<{ text: string }> } }>;
    expect(answers.find((a) => a.id === 4)?.result?.content[0]?.text).toContain('must have at most 32 terms');
    expect((await rpc(url, [search(6), search(7)])).status).toBe(200);
    expect(recorded).toHaveLength(2);
  } finally {
    server.close();
  }
});

it('runs the calls of a batch at most 4 at a time', async () => {
  let running = 0;
  let most = 0;
  const { url, server } = await serve(
    async () => ({ outcome: 'content', content }),
    [],
    async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return { spaces: [], nextPage: '', hits: [] };
    },
  );
  try {
    const res = await rpc(
      url,
      Array.from({ length: 20 }, (_, i) => search(i)),
    );
    expect(res.status).toBe(200);
    const answers = (await res.json()) as Array<{ result?: { content: Array<{ text: string }> } }>;
    expect(answers).toHaveLength(20);
    expect(answers.every((a) => a.result?.content[0]?.text === 'No page matches.')).toBe(true);
    expect(most).toBe(4);
  } finally {
    server.close();
  }
});

it('refuses a batch past 20 messages and a body past the byte limit with JSON-RPC errors, resolving nothing', async () => {
  let resolved = 0;
  const { url, server } = await serve(async () => {
    resolved++;
    return { outcome: 'content', content };
  });
  try {
    const batch = await rpc(
      url,
      Array.from({ length: 21 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
    );
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'A batch holds at most 20 messages, this one has 21: send the rest in another request' },
      id: null,
    });
    // Not even JSON: refused by its size before any parse.
    const big = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '['.repeat(MCP_MESSAGE_LIMITS.bodyBytes + 1),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'The request body is larger than the limit of 65536 bytes for one MCP request' },
      id: null,
    });
    expect(resolved).toBe(0);
  } finally {
    server.close();
  }
});
