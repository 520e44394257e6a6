import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@quire/platform/logger';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ImportDeps } from '../src/modules/imports/domain/importer';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../src/settings';
import { testConversions } from './conversion-threads';

// A fixture web server on 127.0.0.1 for the importer tests, and the deps they run with (a real
// OutboundFetcher that allow-lists 127.0.0.1 only).

export interface Route {
  status?: number;
  type?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface LoopbackSite {
  url: (path: string) => string;
  /** Request paths in the order they arrived. */
  requests: string[];
  close: () => Promise<void>;
}

export async function serve(routes: Record<string, Route | ((req: IncomingMessage) => Route)>): Promise<LoopbackSite> {
  const requests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    const entry = routes[req.url ?? ''];
    const route = typeof entry === 'function' ? entry(req) : entry;
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(route.status ?? 200, { ...(route.type ? { 'content-type': route.type } : {}), ...route.headers }).end(route.body);
    };
    if (route.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface LogLine {
  level: 'info' | 'warn';
  fields: unknown;
  message: string;
}

export interface TestDeps extends ImportDeps {
  lines: LogLine[];
  fetcher: OutboundFetcher;
}

export function importDeps(limits: Partial<ImportLimits> = {}, allowList: string[] = ['127.0.0.1']): TestDeps {
  const lines: LogLine[] = [];
  const record = (level: LogLine['level']) => (fields: unknown, message: string) => void lines.push({ level, fields, message });
  const log = { info: record('info'), warn: record('warn'), error: record('warn'), debug: () => undefined } as unknown as Logger;
  return {
    fetcher: new OutboundFetcher(new OutboundAddressPolicy(allowList)),
    limits: { ...DEFAULT_IMPORT_LIMITS, ...limits },
    log,
    lines,
    conversions: testConversions(),
  };
}

/** The smallest valid PNG (1×1, transparent). */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
