import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expectError, type ApiClient } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack, REPO_ROOT } from '../support/stack';

// Links and backlinks: every link of a revision with its status (ok, broken, in-app),
// grouped by target with the pages it is written in; stats count broken links, and a change
// request's lists count what it broke against the space. Items embed full objects.

const stack = currentStack();

let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let outsider: ApiClient;
let fixture: Server;
let fixtureUrl: string;
const bodies = new Map<string, string>();

beforeAll(async () => {
  ({ org, reader, editor, outsider } = await buildRoleCast(stack, 'Links org'));
  const docsZip = readFileSync(join(REPO_ROOT, 'test/fixtures/import/zip/docs.zip'));
  fixture = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] as string;
    if (path === '/docs.zip') return res.writeHead(200, { 'content-type': 'application/zip' }).end(docsZip);
    const body = bodies.get(path);
    if (body === undefined) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'text/markdown' }).end(body);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '0.0.0.0', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

async function newSpace(title: string): Promise<{ id: string; appBase: string }> {
  const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, appBase: (res.body.urls.location as string).replace(/\/v1\/spaces\/.*$/, '') };
}

interface TreePage {
  id: string;
  title: string;
  pages?: TreePage[];
}
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

interface LinkItem {
  status: string;
  relation: string;
  targetReference?: { kind: string; url?: string; page?: { id: string }; file?: { id: string }; space?: { id: string } };
  locationReferences: { kind: string; page: { id: string; title: string } }[];
}
const sources = (item: LinkItem | undefined) => item?.locationReferences.map((l) => l.page.title);

describe('links and backlinks', () => {
  let spaceId: string;
  let ids: Record<string, string>;
  let logoId: string;
  let brokenBefore: number;
  let otherId: string;
  const links = () => `/v1/spaces/${spaceId}/links`;

  beforeAll(async () => {
    const space = await newSpace('Linked docs');
    const other = await newSpace('Other space');
    spaceId = space.id;
    otherId = other.id;
    bodies.set(
      '/links.md',
      `# Outbound\n\nSee [example](https://example.com), [the app](${space.appBase}/o/${org.id}/home) and [another space](${space.appBase}/o/${org.id}/s/${other.id}).\n`,
    );
    expect((await editor.post(`/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${fixtureUrl}/docs.zip` })).status).toBe(201);
    expect((await editor.post(`/v1/spaces/${spaceId}/content/import`, { source: 'markdown', url: `${fixtureUrl}/links.md` })).status).toBe(201);
    const pages = flatten((await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[]);
    ids = Object.fromEntries(pages.map((p) => [p.title, p.id]));
    const files = (await reader.get(`/v1/spaces/${spaceId}/content/files`)).body.items as { id: string; name: string }[];
    logoId = files.find((f) => f.name === 'logo.png')?.id as string;
    expect(ids['Getting started'] && ids.Install && logoId).toBeTruthy();
  });

  it('lists the links of a space with their status, full embedded objects and stats', async () => {
    const res = await reader.get(links());
    expect(res.status).toBe(200);
    expectOperationResponse('listSpaceLinks', 200, res.body);
    const items = res.body.items as LinkItem[];
    const to = (kind: string, match: (t: NonNullable<LinkItem['targetReference']>) => boolean) =>
      items.find((i) => i.targetReference?.kind === kind && match(i.targetReference));
    const install = to('page', (t) => t.page?.id === ids.Install);
    expect(install).toMatchObject({ status: 'ok', relation: 'reference' });
    expect(sources(install)).toEqual(['Getting started']);
    expect(sources(to('file', (t) => t.file?.id === logoId))).toEqual(['Install']);
    expect(to('url', (t) => t.url === 'https://example.com')?.status).toBe('ok');
    expect(to('url', (t) => (t.url ?? '').endsWith(`/o/${org.id}/home`))?.status).toBe('in-app');
    // An app URL naming a space is a link to that space, written as an address of the app.
    expect(to('space', (t) => t.space?.id === otherId)?.status).toBe('in-app');
    expect(res.body.stats).toEqual({ total: res.body.count, broken: { total: expect.any(Number) } });
    brokenBefore = res.body.stats.broken.total as number;
  });

  it('filters by status and paginates, stats unchanged', async () => {
    const inApp = await reader.get(`${links()}?status=in-app`);
    expectOperationResponse('listSpaceLinks', 200, inApp.body);
    expect((inApp.body.items as LinkItem[]).map((i) => i.status)).toEqual(['in-app', 'in-app']);
    const all = await reader.get(links());
    expect(inApp.body.stats).toEqual(all.body.stats);
    const first = await reader.get(`${links()}?limit=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await reader.get(`${links()}?limit=2&page=${first.body.next.page as string}`);
    // The same item (signed download links inside carry their own expiry second, so compare without them).
    const unsigned = (item: unknown) => JSON.stringify(item).replace(/expires=\d+&signature=[\w-]+/g, '');
    expect(unsigned(second.body.items[0])).toBe(unsigned(all.body.items[2]));
    expectError(await reader.get(`${links()}?status=fine`), 400, /status/);
  });

  it('lists one page’s links and the backlinks of a page and of an image', async () => {
    const pageLinks = await reader.get(`/v1/spaces/${spaceId}/content/page/${ids['Getting started']}/links`);
    expectOperationResponse('listPageLinksInSpace', 200, pageLinks.body);
    expect((pageLinks.body.items as LinkItem[]).map((i) => i.targetReference?.page?.id)).toEqual([ids.Install]);

    const pageBacklinks = await reader.get(`/v1/spaces/${spaceId}/content/page/${ids.Install}/backlinks`);
    expectOperationResponse('listSpacePageBacklinks', 200, pageBacklinks.body);
    expect(pageBacklinks.body.items.map((l: { page: { title: string } }) => l.page.title)).toEqual(['Getting started']);

    const fileBacklinks = await reader.get(`/v1/spaces/${spaceId}/content/files/${logoId}/backlinks`);
    expectOperationResponse('listSpaceFileBacklinks', 200, fileBacklinks.body);
    expect(fileBacklinks.body.items).toEqual([expect.objectContaining({ kind: 'page', organization: expect.objectContaining({ id: org.id }) })]);
    expect(fileBacklinks.body.items[0].page.title).toBe('Install');
  });

  it('sees a change request’s revision: deleting a linked page breaks its links, counted against the space, then merged', async () => {
    const created = await editor.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Drop install' });
    const crPath = `/v1/spaces/${spaceId}/change-requests/${created.body.number as number}`;
    expect((await editor.delete(`${crPath}/content/page/${ids.Install}`)).status).toBe(200);

    const crLinks = await reader.get(`${crPath}/links`);
    expectOperationResponse('listChangeRequestLinks', 200, crLinks.body);
    expect(crLinks.body.stats.broken).toEqual({ total: brokenBefore + 1, changeRequest: 1 });
    const crBroken = await reader.get(`${crPath}/links?status=broken&brokenContext=change-request`);
    expect((crBroken.body.items as LinkItem[]).map(sources)).toEqual([['Getting started']]);
    expect((await reader.get(`${crPath}/links?status=broken`)).body.items).toHaveLength(brokenBefore + 1);

    const crPageLinks = await reader.get(`${crPath}/content/page/${ids['Getting started']}/links`);
    expectOperationResponse('listPageLinksInChangeRequest', 200, crPageLinks.body);
    expect((crPageLinks.body.items as LinkItem[]).map((i) => i.status)).toEqual(['broken']);
    const crFileBacklinks = await reader.get(`${crPath}/content/files/${logoId}/backlinks`);
    expectOperationResponse('listChangeRequestFileBacklinks', 200, crFileBacklinks.body);
    expect(crFileBacklinks.body.items).toEqual([]);
    expectError(await reader.get(`${crPath}/content/page/${ids.Install}/backlinks`), 404);
    const crPageBacklinks = await reader.get(`${crPath}/content/page/${ids['Getting started']}/backlinks`);
    expectOperationResponse('listChangeRequestPageBacklinks', 200, crPageBacklinks.body);

    // Main is untouched until the merge.
    expect((await reader.get(links())).body.stats.broken.total).toBe(brokenBefore);
    expect((await org.api.post(`${crPath}/merge`)).body.result).toBe('merge');
    const merged = await reader.get(`${links()}?status=broken`);
    expectOperationResponse('listSpaceLinks', 200, merged.body);
    expect(merged.body.stats.broken.total).toBe(brokenBefore + 1);
    expect((merged.body.items as LinkItem[]).some((i) => sources(i)?.includes('Getting started'))).toBe(true);
  });

  it('answers 404 to a non-member and for an unknown page, file or change request', async () => {
    expectError(await outsider.get(links()), 404);
    expectError(await outsider.get(`/v1/spaces/${spaceId}/content/files/${logoId}/backlinks`), 404);
    expectError(await reader.get(`/v1/spaces/${spaceId}/content/page/nopage/links`), 404);
    expectError(await reader.get(`/v1/spaces/${spaceId}/content/files/nofile/backlinks`), 404);
    expectError(await reader.get(`/v1/spaces/${spaceId}/change-requests/999/links`), 404);
  });
});
