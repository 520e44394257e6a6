import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { badRequest } from '@quire/errors';
import { mcpRoutes, type McpRoutesDeps } from '../src/modules/machine-readable';
import { publishedContent } from './published-content';

// The MCP route's own duties (issue #36 §5, §7): each tool call is counted as an `mcp_request`
// (the handshake and tools/list are not), an address sites refuses as input is a JSON-RPC 404
// (never a 500), and a late dependency is a JSON-RPC 503 within READER_ANSWER_TIMEOUT_MS.

const content = publishedContent({ revision: 'r1' });

async function serve(resolvePublishedUrl: () => Promise<unknown>, recorded: unknown[][] = []): Promise<{ url: string; server: Server }> {
  const deps = {
    sites: () => ({ resolvePublishedUrl, searchPublishedSite: async () => ({ resultsJson: '[]' }) }),
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
  app.use(express.json());
  app.use(mcpRoutes(deps as unknown as McpRoutesDeps));
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
