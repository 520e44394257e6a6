import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack, runCli } from '../support/stack';

// Search: space and organization search over each space's current revision, kept in
// step with imports and merges by the search-index consumer (so every check polls). Page bodies
// come from a loopback fixture server.

const stack = currentStack();

let org: OrgClient;
let other: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let outsider: ApiClient;
let fixture: Server;
let fixtureUrl: string;
const served = new Map<string, string>();
let spaceId: string;
let otherSpaceId: string;
let pageIds: Record<string, string>;

interface SearchPage {
  id: string;
  title: string;
  sections: { id: string; title: string; body: string; urls: { app: string } }[];
}

async function newSpace(owner: OrgClient, title: string, pages: Record<string, string>): Promise<{ id: string; pages: Record<string, string> }> {
  const res = await owner.api.post(`/v1/orgs/${owner.id}/spaces`, { title });
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  for (const [page, markdown] of Object.entries(pages)) {
    const path = `/${id}/${served.size}.md`;
    served.set(path, `# ${page}\n\n${markdown}`);
    expect((await owner.api.post(`/v1/spaces/${id}/content/import`, { source: 'markdown', url: `${fixtureUrl}${path}` })).status).toBe(201);
  }
  const tree = await owner.api.get(`/v1/spaces/${id}/content/pages`);
  return { id, pages: Object.fromEntries((tree.body.pages as { id: string; title: string }[]).map((p) => [p.title, p.id])) };
}

const spaceSearch = (api: ApiClient, query: string, id = spaceId) => api.get(`/v1/spaces/${id}/search?query=${encodeURIComponent(query)}`);
const orgSearch = (api: ApiClient, query: string, id = org.id) => api.get(`/v1/orgs/${id}/search?query=${encodeURIComponent(query)}`);
const titlesFound = async (query: string) => ((await spaceSearch(reader, query)).body.items as SearchPage[]).map((p) => p.title).sort();

/** Waits until `query` finds exactly the pages titled `titles` in the space (indexing is asynchronous). */
async function expectFound(query: string, titles: string[]): Promise<void> {
  await eventually(async () => JSON.stringify(await titlesFound(query)) === JSON.stringify([...titles].sort()), 15000).catch(async () => {
    expect(await titlesFound(query)).toEqual([...titles].sort());
  });
}

beforeAll(async () => {
  ({ org, other, reader, editor, outsider } = await buildRoleCast(stack, 'Search org'));
  fixture = createServer((req, res) => {
    const body = served.get((req.url ?? '').split('?')[0] as string);
    if (body === undefined) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'text/markdown' }).end(body);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  ({ id: spaceId, pages: pageIds } = await newSpace(org, 'Field guide', {
    Deployment: 'The quokka lives on Rottnest Island.\n\n## Lookup\n\nCall `getUserById` to find a user.\n\n## Weather\n\nIslands get windy storms.',
    Wildlife: 'Wombats dig burrows. Quokka sightings are common.',
  }));
  ({ id: otherSpaceId } = await newSpace(other, 'Secret guide', { Hidden: 'Every quokka of the other organization.' }));
  await expectFound('quokka', ['Deployment', 'Wildlife']);
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

describe('space and organization search', () => {
  it('finds a word of an imported page in the space, as section hits with the match marked', async () => {
    const res = await spaceSearch(reader, 'quokka');
    expect(res.status).toBe(200);
    expectOperationResponse('searchSpaceContent', 200, res.body);
    expect(res.body.count).toBe(2);
    const deployment = (res.body.items as SearchPage[]).find((p) => p.title === 'Deployment');
    expect(deployment).toMatchObject({ id: pageIds.Deployment, path: 'deployment', urls: { app: expect.stringMatching(/^https?:\/\/.+\/deployment$/) } });
    expect(deployment?.sections[0]).toMatchObject({ id: pageIds.Deployment, title: 'Deployment', body: expect.stringContaining('**quokka**') });
    // Today's client (0.202.0): each page's position among all found, its score (its best section's),
    // description and ancestors (top-level pages here).
    const items = res.body.items as (SearchPage & { rank: number; score: number; description: string; ancestors: unknown[]; sections: { score: number }[] })[];
    expect(items.map((p) => p.rank)).toEqual([1, 2]);
    expect(items.every((p) => p.description === '' && p.ancestors.length === 0 && p.score === p.sections[0]?.score)).toBe(true);
    expect(items[0]!.score).toBeGreaterThanOrEqual(items[1]!.score);
  });

  it('finds it across the organization, grouped per space, never in another organization', async () => {
    await eventually(async () => ((await orgSearch(reader, 'quokka')).body.count as number) > 0);
    const res = await orgSearch(reader, 'quokka');
    expect(res.status).toBe(200);
    expectOperationResponse('searchOrganizationContent', 200, res.body);
    expect(res.body.items).toEqual([{ type: 'space', id: spaceId, title: 'Field guide', score: expect.any(Number), pages: expect.any(Array) }]);
    // A space scores as its best page (today's client, 0.202.0).
    expect(res.body.items[0].score).toBe(Math.max(...(res.body.items[0].pages as { score: number }[]).map((p) => p.score)));
    expect((res.body.items[0].pages as SearchPage[]).map((p) => p.title).sort()).toEqual(['Deployment', 'Wildlife']);
    // The other organization's admin finds only their own space.
    await eventually(async () => ((await orgSearch(other.api, 'quokka', other.id)).body.count as number) > 0);
    expect((await orgSearch(other.api, 'quokka', other.id)).body.items.map((s: { id: string }) => s.id)).toEqual([otherSpaceId]);
  });

  it('understands phrases, exclusions and OR, and finds code identifiers as typed', async () => {
    expect(await titlesFound('"rottnest island"')).toEqual(['Deployment']);
    expect(await titlesFound('quokka -wombats')).toEqual(['Deployment']);
    expect(await titlesFound('burrows OR storms')).toEqual(['Deployment', 'Wildlife']);
    const res = await spaceSearch(reader, 'getUserById');
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].sections[0]).toMatchObject({ id: 'lookup', title: 'Lookup', urls: { app: expect.stringMatching(/\/deployment#lookup$/) } });
  });

  it('paginates with limit and next', async () => {
    const first = await reader.get(`/v1/spaces/${spaceId}/search?query=quokka&limit=1`);
    expect(first.body).toMatchObject({ count: 2, items: [expect.anything()], next: { page: expect.any(String) } });
    const second = await reader.get(`/v1/spaces/${spaceId}/search?query=quokka&limit=1&page=${first.body.next.page as string}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    expect(second.body.next).toBeUndefined();
    // Each page keeps its position among all found from one page of results to the next.
    expect([first.body.items[0].rank, second.body.items[0].rank]).toEqual([1, 2]);
  });

  it('answers 400 naming query for a missing, too long or NUL query', async () => {
    expectError(await reader.get(`/v1/spaces/${spaceId}/search`), 400, /query/);
    expectError(await spaceSearch(reader, 'q'.repeat(513)), 400, /query/);
    expectError(await orgSearch(reader, 'q'.repeat(513)), 400, /query/);
    expectError(await spaceSearch(reader, 'quo\u0000kka'), 400, /query/);
    expect((await spaceSearch(reader, '🦘'.repeat(512))).status).toBe(200); // 512 code points
  });

  it('answers 404 to non-members, and the other organization sees none of this one', async () => {
    expectError(await spaceSearch(outsider, 'quokka'), 404);
    expectError(await orgSearch(outsider, 'quokka'), 404);
    expectError(await orgSearch(other.api, 'quokka'), 404);
    expectError(await spaceSearch(reader, 'quokka', otherSpaceId), 404);
  });

  it('no longer finds a page a merged change request deleted', async () => {
    const opened = await editor.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Drop wildlife' });
    expect(opened.status).toBe(201);
    const cr = `/v1/spaces/${spaceId}/change-requests/${opened.body.number as number}`;
    expect((await editor.delete(`${cr}/content/page/${pageIds.Wildlife as string}`)).status).toBeLessThan(300);
    expect(await titlesFound('wombats')).toEqual(['Wildlife']); // main is untouched until the merge
    expect((await org.api.post(`${cr}/merge`)).status).toBe(200);
    await expectFound('wombats', []);
    await expectFound('quokka', ['Deployment']);
  });

  it('rebuilds the index from the CLI with a progress line per space', async () => {
    const res = await runCli(stack, ['search', 'rebuild', '--space', spaceId]);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`\\[1/1\\] space ${spaceId}: 1 pages indexed`));
    expect(res.stdout).toMatch(/rebuilt the search index of 1 space\(s\), 1 page\(s\)/);
    expect(await titlesFound('quokka')).toEqual(['Deployment']);
    expect((await runCli(stack, ['search', 'rebuild', '--space', 'nope'])).code).toBe(1);
    expect((await runCli(stack, ['search', 'rebuild', '--help'])).stdout).toMatch(/^Usage: npm run -s cli -- search rebuild/);
  });
});
