import { spawn } from 'node:child_process';
import { apiClient, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, type OrgClient } from '../support/factories';
import { probeHealthDuring, percentile } from '../support/health-probes';
import { currentStack } from '../support/stack';

// A 1 MB page of `*a` read as a document by a `read` member took 6.8–9.6 s with
// /healthz stalled for 6 s, `[` × 999,000 3.7 s: markdown-it ran on the event loop every service
// shares in embedded mode (and content's in distributed mode). Conversions now run in worker
// threads (services/content/src/domain/conversions/).

const stack = currentStack();
/**
 * Under MAX_MARKDOWN (1,000,000 characters): the report's two pages, and unclosed HTML comments
 * (three minutes of CPU before their HTML block's text was taken in linear time).
 */
const PAGES = { stars: '*a'.repeat(500_000), brackets: '['.repeat(999_000), comments: '<!--'.repeat(250_000) };

let org: OrgClient;
let reader: ApiClient;
let readerToken: string;
let contentPath: string;
const pageIds: Record<keyof typeof PAGES, string> = { stars: '', brackets: '', comments: '' };

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Conversion threads org');
  org = { id: own.id, api: apiClient(stack, own.admin.token) };
  readerToken = (await buildMember(stack, own.id, 'read')).token;
  reader = apiClient(stack, readerToken);
  const space = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Pathological pages' });
  expect(space.status).toBe(201);
  const cr = await org.api.post(`/v1/spaces/${space.body.id}/change-requests`, { subject: 'Long pages' });
  expect(cr.status).toBe(201);
  const path = `/v1/spaces/${space.body.id}/change-requests/${cr.body.id}`;
  for (const [title, markdown] of Object.entries(PAGES)) {
    const res = await org.api.post(`${path}/content`, { changes: [{ operation: 'insert_page', title, document: { markdown } }] });
    expect(res.status).toBe(200);
  }
  contentPath = `${path}/content`;
  const pages = await reader.get(`${contentPath}/pages`);
  for (const page of pages.body.pages as { id: string; title: keyof typeof PAGES }[]) pageIds[page.title] = page.id;
  expect(pageIds.stars && pageIds.brackets && pageIds.comments).toBeTruthy();
});

/**
 * Reads each page as a document, then as markdown, and prints what it got: in another process, so
 * that receiving and parsing a 28 MB document does not delay this process's probes.
 */
const READER = `
const read = async (path) => {
  const started = Date.now();
  const res = await fetch(process.env.BASE + path, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
  const text = await res.text();
  const ms = Date.now() - started;
  let body;
  try { body = JSON.parse(text); } catch { body = undefined; }
  return { status: res.status, ms, body };
};
(async () => {
  const out = {};
  for (const [name, id] of Object.entries(JSON.parse(process.env.PAGES))) {
    const doc = await read('/page/' + id + '?format=document');
    const md = await read('/page/' + id + '?format=markdown');
    out[name] = {
      document: { status: doc.status, ms: doc.ms, object: doc.body?.document?.object, nodes: doc.body?.document?.nodes?.length, text: textOf(doc.body?.document).length, error: doc.body?.error },
      markdown: { status: md.status, ms: md.ms, length: md.body?.markdown?.length },
    };
  }
  process.stdout.write(JSON.stringify(out));
})();
function textOf(node) {
  if (!node) return '';
  if (node.object === 'text') return (node.leaves ?? []).map((l) => l.text).join('');
  return (node.nodes ?? []).map(textOf).join('');
}
`;

describe('pathological pages converted off the event loop', () => {
  it('reads 1 MB of `*a`, `[` × 999,000 and 1 MB of `<!--` as documents while /healthz answers within 200 ms at p95', async () => {
    const child = spawn(process.execPath, ['-e', READER], {
      env: { PATH: process.env.PATH ?? '', BASE: stack.url + contentPath, TOKEN: readerToken, PAGES: JSON.stringify(pageIds) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    const finished = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    // A probe every 20 ms for as long as the pages are read.
    const latencies = await probeHealthDuring(stack, finished);

    const read = JSON.parse(output) as Record<keyof typeof PAGES, { document: Record<string, unknown>; markdown: Record<string, unknown> }>;
    // Each page converts whole: `*a` × 500,000 is 250,000 italic `a`s, `[` × 999,000 one paragraph of brackets.
    expect(read.stars.document).toMatchObject({ status: 200, object: 'document', nodes: 1, text: 500_000 });
    expect(read.brackets.document).toMatchObject({ status: 200, object: 'document', nodes: 1, text: 999_000 });
    expect(read.stars.markdown).toMatchObject({ status: 200, length: 1_000_000 });
    expect(read.brackets.markdown).toMatchObject({ status: 200, length: 999_000 });
    expect(read.comments.document).toMatchObject({ status: 200, object: 'document', nodes: 1, text: 1_000_000 });
    expect(read.comments.markdown).toMatchObject({ status: 200, length: 1_000_000 });

    // Before: /healthz waited up to 6 s while a page converted. The reads took seconds, so there
    // are well over a hundred probes; a loaded 2-core machine may make one wait for a core now and
    // then (one in a hundred past 200 ms with both test lanes running), which p95 allows.
    expect(latencies.length).toBeGreaterThan(50);
    const p95 = percentile(latencies, 95);
    expect({ probes: latencies.length, p95Ms: Math.round(p95), isUnder200Ms: p95 < 200 }).toMatchObject({ isUnder200Ms: true });
  });
});
