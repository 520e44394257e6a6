import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { serviceUnavailable } from '@quire/errors';
import { publishedRoutes, type PublishedRoutesDeps } from '../src/modules/pages';
import { publishedContent } from './published-content';

// The reader's HTTP face with sites and content faked: a dependency that hangs or fails gives a 503
// HTML page within READER_ANSWER_TIMEOUT_MS, never a hang; other methods than GET/HEAD are a 405.

const never = () => new Promise<never>(() => undefined);

async function serve(sites: Record<string, () => Promise<unknown>>): Promise<{ url: string; server: Server }> {
  const deps = {
    sites: () => sites,
    contentPublished: () => ({}),
    logger: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 200,
  } as unknown as PublishedRoutesDeps;
  const app = express();
  app.use(publishedRoutes(deps));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

it.each([
  ['hangs', never],
  ['is down', () => Promise.reject(serviceUnavailable('The sites service is unavailable; try again shortly'))],
])('answers a 503 page at once when sites %s', async (_, resolvePublishedUrl) => {
  const { url, server } = await serve({ resolvePublishedUrl });
  try {
    const started = Date.now();
    const res = await fetch(`${url}/sites/o/d/`);
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(await res.text()).toContain('Temporarily unavailable');
  } finally {
    server.close();
  }
});

it('answers only GET and HEAD', async () => {
  const { url, server } = await serve({ resolvePublishedUrl: never });
  try {
    const res = await fetch(`${url}/sites/o/d/`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  } finally {
    server.close();
  }
});

it('answers the 404 page, not a 503, for an address that is no URL or that sites refuses as input', async () => {
  const { badRequest } = await import('@quire/errors');
  const { url, server } = await serve({ resolvePublishedUrl: () => Promise.reject(badRequest('url must be at most 8192 characters')) });
  try {
    const tooLong = await fetch(`${url}/sites/o/d/${'a'.repeat(9000)}`);
    expect(tooLong.status).toBe(404);
    expect(tooLong.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    const oddHost = await fetch(`${url}/sites/o/d/`, { headers: { 'x-forwarded-host': 'a..b:99999' } });
    expect(oddHost.status).toBe(404);
    expect(await oddHost.text()).not.toContain('Temporarily unavailable');
  } finally {
    server.close();
  }
});

/** A visit during which a merge lands: content refuses the revision sites resolved first with `stale`. */
async function visitDuringMerge(stale: (revisionId: string) => Error): Promise<{ status: number; text: string; resolvedRevisions: string[] }> {
  const resolvedRevisions: string[] = [];
  let current = 'r1';
  const content = (revision: string) => publishedContent({ revision });
  const sites = {
    resolvePublishedUrl: async () => {
      resolvedRevisions.push(current);
      const answer = { outcome: 'content', content: content(current), refusedAudience: '' };
      current = 'r2'; // the merge lands right after this resolution
      return answer;
    },
    getPublishedSite: async () => ({ found: true, profileJson: JSON.stringify({ site: { id: 's', title: 'Docs site', visibility: 'public' } }) }),
  };
  const contentPublished = {
    getPublishedPages: async ({ revisionId }: { revisionId: string }) => {
      if (revisionId !== current) throw stale(revisionId);
      return { revisionId, pages: [], createdAt: '', files: [] };
    },
  };
  const deps = {
    sites: () => sites,
    contentPublished: () => contentPublished,
    logger: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 2000,
  };
  const app = express();
  app.use(publishedRoutes(deps as unknown as PublishedRoutesDeps));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sites/o/d/`);
    return { status: res.status, text: await res.text(), resolvedRevisions };
  } finally {
    server.close();
  }
}

it('resolves again when a merge made the resolved revision unknown to content between the two reads', async () => {
  const { revisionNotFound } = await import('@quire/errors');
  const { status, text, resolvedRevisions } = await visitDuringMerge(revisionNotFound);
  // The site's own answer (its empty space: the 404 page inside the site), not the 503 page.
  expect(status).toBe(404);
  expect(text).toContain('Docs site');
  expect(resolvedRevisions).toEqual(['r1', 'r2']);
});

it('resolves again on the reason content gives, never on the words of its message', async () => {
  const { notFound } = await import('@quire/errors');
  const { status, resolvedRevisions } = await visitDuringMerge((revisionId) => notFound(`Revision ${revisionId} not found`));
  expect(resolvedRevisions).toEqual(['r1']);
  expect(status).toBe(503);
});
