import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient, type ApiClient, expectError, tamperedSignature } from '../support/api';
import { buildMember, buildRoleCast, type OrgClient } from '../support/factories';
import { pdfPages } from '../support/pdf-text';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Change requests: branches of a space's content, merged three-way into main and
// updated from main. Page bodies come from a loopback fixture server whose files each test sets.

const stack = currentStack();

let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let reviewer: ApiClient;
let outsider: ApiClient;
let fixture: Server;
let fixtureUrl: string;
const served = new Map<string, string>();
let servedCount = 0;

/** Serves `markdown` from the fixture server; answers its URL. */
function serve(markdown: string): string {
  const path = `/f${++servedCount}.md`;
  served.set(path, markdown);
  return `${fixtureUrl}${path}`;
}

beforeAll(async () => {
  ({ org, reader, editor, outsider } = await buildRoleCast(stack, 'Change requests org'));
  const review = await buildMember(stack, org.id, 'review');
  reviewer = apiClient(stack, review.token);
  fixture = createServer((req, res) => {
    const body = served.get((req.url ?? '').split('?')[0] as string);
    if (body === undefined) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'text/markdown' }).end(body);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const LINES = Array.from({ length: 9 }, (_, i) => `Line ${i + 1}.`);
const body = (changes: Record<number, string> = {}) => LINES.map((line, i) => changes[i + 1] ?? line).join('\n\n');

async function newSpace(title = 'Docs'): Promise<string> {
  const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** Imports pages into main: one markdown file each; answers their ids by title. */
async function seedMain(spaceId: string, pages: Record<string, string>): Promise<Record<string, string>> {
  for (const [title, markdown] of Object.entries(pages)) {
    const res = await org.api.post(`/v1/spaces/${spaceId}/content/import`, { source: 'markdown', url: serve(`# ${title}\n\n${markdown}`) });
    expect(res.status).toBe(201);
  }
  const tree = await org.api.get(`/v1/spaces/${spaceId}/content/pages`);
  return Object.fromEntries((tree.body.pages as { id: string; title: string }[]).map((p) => [p.title, p.id]));
}

const cr = (spaceId: string, id: string | number, suffix = '') => `/v1/spaces/${spaceId}/change-requests/${id}${suffix}`;

async function openChangeRequest(spaceId: string, subject = 'Edits', api: ApiClient = editor) {
  const res = await api.post(`/v1/spaces/${spaceId}/change-requests`, { subject });
  expect(res.status).toBe(201);
  return res.body as { id: string; number: number; revision: string };
}

const importPage = (api: ApiClient, path: string, pageId: string, markdown: string) =>
  api.post(`${path}/content/page/${pageId}/import`, { source: 'markdown', url: serve(markdown) });

async function pageMarkdown(path: string, pageId: string): Promise<string> {
  const res = await reader.get(`${path}/page/${pageId}?format=markdown`);
  expect(res.status).toBe(200);
  return res.body.markdown as string;
}

describe('opening, reading and editing change requests', () => {
  let spaceId: string;

  beforeAll(async () => {
    spaceId = await newSpace('Change requests');
    await seedMain(spaceId, { Guide: body() });
  });

  it('opens a change request on main with no page copied, readable by id and by number', async () => {
    const main = await org.api.get(`/v1/spaces/${spaceId}/content`);
    const res = await editor.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'First ✍️' });
    expect(res.status).toBe(201);
    expectOperationResponse('createChangeRequest', 201, res.body);
    expect(res.body).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'open',
      subject: 'First ✍️',
      space: spaceId,
      revision: main.body.id,
      revisionInitial: main.body.id,
      comments: 0,
      outdated: false,
      createdBy: { object: 'user', displayName: expect.any(String) },
    });
    expect(res.body.urls.location).toMatch(new RegExp(`/v1/spaces/${spaceId}/change-requests/${res.body.id}$`));
    const byNumber = await reader.get(cr(spaceId, 1));
    expectOperationResponse('getChangeRequestById', 200, byNumber.body);
    expect(byNumber.body.id).toBe(res.body.id);
    expect((await reader.get(cr(spaceId, res.body.id))).body.number).toBe(1);
  });

  it('gives distinct numbers to change requests opened at the same moment', async () => {
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => editor.post(`/v1/spaces/${spaceId}/change-requests`, { subject: `Parallel ${i}` })));
    expect(created.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = created.map((r) => r.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lists open change requests by default, newest first, paginated, with creator and contributor filters', async () => {
    const list = await reader.get(`/v1/spaces/${spaceId}/change-requests?limit=3`);
    expectOperationResponse('listChangeRequestsForSpace', 200, list.body);
    expect(list.body.count).toBe(9);
    expect(list.body.items.map((c: { number: number }) => c.number)).toEqual([9, 8, 7]);
    const next = await reader.get(`/v1/spaces/${spaceId}/change-requests?limit=3&page=${list.body.next.page}`);
    expect(next.body.items.map((c: { number: number }) => c.number)).toEqual([6, 5, 4]);

    const own = await org.api.post(`/v1/spaces/${spaceId}/change-requests`, {});
    expect(own.body.subject).toBe('');
    const adminId = own.body.createdBy.id as string;
    const byCreator = await reader.get(`/v1/spaces/${spaceId}/change-requests?creator=${adminId}`);
    expect(byCreator.body.items.map((c: { id: string }) => c.id)).toEqual([own.body.id]);
    const byContributor = await reader.get(`/v1/spaces/${spaceId}/change-requests?contributor=${adminId}`);
    expect(byContributor.body.items.map((c: { id: string }) => c.id)).toEqual([own.body.id]);
  });

  it("orders by last update or by creation with `orderBy`, a parameter of today's client (0.202.0)", async () => {
    const space = { id: await newSpace('Ordering') };
    const [first, second] = [await openChangeRequest(space.id, 'First'), await openChangeRequest(space.id, 'Second')];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await editor.patch(cr(space.id, first.id), { subject: 'First, edited' })).status).toBe(200);
    const order = async (query: string) =>
      ((await reader.get(`/v1/spaces/${space.id}/change-requests${query}`)).body.items as { id: string }[]).map((c) => c.id);
    expect(await order('?orderBy=updatedAt')).toEqual([first.id, second.id]);
    expect(await order('?orderBy=createdAt')).toEqual([second.id, first.id]);
    expect(await order('')).toEqual([second.id, first.id]); // without it, newest first as before
    expectError(await reader.get(`/v1/spaces/${space.id}/change-requests?orderBy=subject`), 400, /"orderBy"/);
  });

  it("lists no change request for `requestedReviewer` or `topic`, filters of today's client (0.202.0): Quire has no review requests or site topics", async () => {
    const space = { id: await newSpace('Filtering') };
    await openChangeRequest(space.id, 'Open');
    const list = (query: string) => reader.get(`/v1/spaces/${space.id}/change-requests${query}`);
    expect((await list('')).body.items).toHaveLength(1);
    for (const query of ['?requestedReviewer=someone', '?topic=topic1']) {
      const res = await list(query);
      expectOperationResponse('listChangeRequestsForSpace', 200, res.body);
      expect(res.body).toEqual({ items: [], count: 0 });
    }
    expectError(await list('?topic=not%20an%20id'), 400, /"topic"/);
  });

  it('edits subject and status; merged is only reached by merging; archived ones take no merge or update', async () => {
    const patched = await editor.patch(cr(spaceId, 2), { subject: 'Renamed', status: 'draft' });
    expectOperationResponse('updateChangeRequestById', 200, patched.body);
    expect(patched.body).toMatchObject({ subject: 'Renamed', status: 'draft', number: 2 });
    expect((await reader.get(`/v1/spaces/${spaceId}/change-requests?status=draft`)).body.items.map((c: { number: number }) => c.number)).toEqual([2]);

    expectError(await editor.patch(cr(spaceId, 2), { status: 'merged' }), 400, /status/);
    expectError(await editor.patch(cr(spaceId, 2), { subject: 'x'.repeat(101) }), 400, /subject/);
    expectError(await editor.patch(cr(spaceId, 2), { subject: 'a\u0000b' }), 400, /subject/);

    expect((await editor.patch(cr(spaceId, 3), { status: 'archived' })).body.status).toBe('archived');
    expectError(await org.api.post(cr(spaceId, 3, '/merge')), 409, /archived/);
    expectError(await editor.post(cr(spaceId, 3, '/update')), 409, /archived/);
    expectError(await editor.post(cr(spaceId, 3, '/content/import'), { source: 'markdown', url: serve('x') }), 409, /archived/);
    expect((await editor.patch(cr(spaceId, 3), { status: 'open' })).body.status).toBe('open');
  });

  it('counts change requests on the space', async () => {
    const space = await reader.get(`/v1/spaces/${spaceId}`);
    expect(space.body).toMatchObject({ changeRequests: 10, changeRequestsOpen: 9, changeRequestsDraft: 1 });
  });

  it('answers 404 for unknown ids and numbers, 403 below the role, 404 to outsiders', async () => {
    expectError(await reader.get(cr(spaceId, 'nope0000000000000000')), 404);
    expectError(await reader.get(cr(spaceId, 999)), 404);
    expectError(await reader.get(cr(spaceId, '%00')), 404);
    expectError(await reader.post(`/v1/spaces/${spaceId}/change-requests`, {}), 403);
    expectError(await reader.patch(cr(spaceId, 1), { subject: 'no' }), 403);
    expectError(await editor.post(cr(spaceId, 1, '/merge')), 403);
    expectError(await outsider.get(cr(spaceId, 1)), 404);
    expectError(await outsider.get(`/v1/spaces/${spaceId}/change-requests`), 404);
    expectError(await reader.get(`/v1/spaces/${spaceId}/change-requests?status=closed`), 400, /status/);
  });
});

describe('content of a change request', () => {
  it('imports into the change request only; main is untouched until the merge', async () => {
    const spaceId = await newSpace('Branch content');
    const { Guide: guide } = await seedMain(spaceId, { Guide: body() });
    const mainBefore = (await reader.get(`/v1/spaces/${spaceId}/content`)).body.id as string;
    const change = await openChangeRequest(spaceId);
    const path = cr(spaceId, change.number);

    const imported = await editor.post(`${path}/content/import`, { source: 'markdown', url: serve('# Added page\n\nNew words.') });
    expect(imported.status).toBe(201);
    expectOperationResponse('importContentInChangeRequest', 201, imported.body);
    const edited = await importPage(editor, path, guide as string, body({ 2: 'Line two, edited.' }));
    expect(edited.status).toBe(201);

    const revision = await reader.get(`${path}/content`);
    expectOperationResponse('getRevisionOfChangeRequestById', 200, revision.body);
    expect(revision.body).toMatchObject({ id: edited.body.revision, type: 'edits' });
    const pages = await reader.get(`${path}/content/pages`);
    expectOperationResponse('listPagesInChangeRequest', 200, pages.body);
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Guide', 'Added page']);
    const page = await reader.get(`${path}/content/page/${guide}?format=document`);
    expectOperationResponse('getPageInChangeRequestById', 200, page.body);
    expect(await pageMarkdown(`${path}/content`, guide as string)).toContain('Line two, edited.');
    expectOperationResponse('listFilesInChangeRequestById', 200, (await reader.get(`${path}/content/files`)).body);

    const main = await reader.get(`/v1/spaces/${spaceId}/content`);
    expect(main.body.id).toBe(mainBefore);
    expect(main.body.pages.map((p: { title: string }) => p.title)).toEqual(['Guide']);
    expect(await pageMarkdown(`/v1/spaces/${spaceId}/content`, guide as string)).not.toContain('edited');
    const after = await reader.get(cr(spaceId, change.number));
    expect(after.body).toMatchObject({ revision: edited.body.revision, revisionInitial: mainBefore, outdated: false });
    expect((await reader.get(`/v1/spaces/${spaceId}/change-requests?contributor=${after.body.createdBy.id}`)).body.count).toBe(1);
    expectError(await reader.post(`${path}/content/import`, { source: 'markdown', url: serve('x') }), 403);
  });
});

describe('merging', () => {
  it('merges parallel edits of one page line by line and makes a merge revision current', async () => {
    const spaceId = await newSpace('Clean merge');
    const { Guide: guide } = await seedMain(spaceId, { Guide: body() });
    const change = await openChangeRequest(spaceId, 'Edit line 2');
    const path = cr(spaceId, change.number);
    expect((await importPage(editor, path, guide as string, body({ 2: 'Line 2, from the change request.' }))).status).toBe(201);
    // Main moves on meanwhile: another line of the same page.
    expect((await importPage(org.api, `/v1/spaces/${spaceId}`, guide as string, body({ 8: 'Line 8, from main.' }))).status).toBe(201);
    const mainBefore = (await reader.get(`/v1/spaces/${spaceId}/content`)).body.id as string;
    expect((await reader.get(path)).body.outdated).toBe(true);

    const merged = await reviewer.post(`${path}/merge`);
    expect(merged.status).toBe(200);
    expectOperationResponse('mergeChangeRequest', 200, merged.body);
    expect(merged.body.result).toBe('merge');

    const content = await reader.get(`/v1/spaces/${spaceId}/content`);
    expectOperationResponse('getCurrentRevision', 200, content.body);
    expect(content.body).toMatchObject({ id: merged.body.revision, type: 'merge', mergedFrom: { id: change.id, status: 'merged' } });
    expect(content.body.parents).toEqual([mainBefore, expect.any(String)]);
    const markdown = await pageMarkdown(`/v1/spaces/${spaceId}/content`, guide as string);
    expect(markdown).toContain('Line 2, from the change request.');
    expect(markdown).toContain('Line 8, from main.');
    expect(markdown).toContain('Line 5.');

    const after = await reader.get(path);
    expect(after.body).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision, outdated: false });
    expectError(await reviewer.post(`${path}/merge`), 409, /merged/);
    expectError(await editor.post(`${path}/update`), 409, /merged/);
    expectError(await editor.patch(path, { status: 'open' }), 409, /merged/);
  });

  it('refuses overlapping edits: conflicts, main untouched', async () => {
    const spaceId = await newSpace('Overlap');
    const { Guide: guide } = await seedMain(spaceId, { Guide: body() });
    const change = await openChangeRequest(spaceId);
    const path = cr(spaceId, change.number);
    await importPage(editor, path, guide as string, body({ 5: 'Line 5 as the change request wants it.' }));
    await importPage(org.api, `/v1/spaces/${spaceId}`, guide as string, body({ 5: 'Line 5 as main has it.' }));
    const mainBefore = (await reader.get(`/v1/spaces/${spaceId}/content`)).body.id as string;
    const crRevision = (await reader.get(path)).body.revision as string;

    const merged = await reviewer.post(`${path}/merge`);
    expectOperationResponse('mergeChangeRequest', 200, merged.body);
    expect(merged.body).toMatchObject({ revision: crRevision, result: 'conflicts', conflicts: [expect.objectContaining({ pageId: guide, kind: 'body' })] });
    expect((await reader.get(`/v1/spaces/${spaceId}/content`)).body.id).toBe(mainBefore);
    expect(await pageMarkdown(`/v1/spaces/${spaceId}/content`, guide as string)).toContain('Line 5 as main has it.');
    expect((await reader.get(path)).body.status).toBe('open');
  });

  it('reports a page deleted on one side and edited on the other as a conflict, both ways', async () => {
    const spaceId = await newSpace('Delete vs edit');
    const { Guide: guide } = await seedMain(spaceId, { Guide: body(), Other: 'Other page.' });
    const deleting = await openChangeRequest(spaceId, 'Delete the guide');
    const deleted = await editor.delete(cr(spaceId, deleting.number, `/content/page/${guide}`));
    expect(deleted.status).toBe(200);
    expect((await reader.get(`${cr(spaceId, deleting.number)}/content/pages`)).body.pages.map((p: { title: string }) => p.title)).toEqual(['Other']);
    await importPage(org.api, `/v1/spaces/${spaceId}`, guide as string, body({ 3: 'Main edits line 3.' }));
    const merged = await reviewer.post(cr(spaceId, deleting.number, '/merge'));
    expect(merged.body).toMatchObject({ result: 'conflicts', conflicts: [expect.objectContaining({ pageId: guide, kind: 'delete-edit' })] });
    expect((await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toHaveLength(2);

    // The other way round: the change request edits, main deleted (through another change request).
    const editing = await openChangeRequest(spaceId, 'Edit the other page');
    const other = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages[1].id as string;
    await importPage(editor, cr(spaceId, editing.number), other, 'Other page, edited.');
    const remover = await openChangeRequest(spaceId, 'Remove the other page');
    await editor.delete(cr(spaceId, remover.number, `/content/page/${other}`));
    expect((await reviewer.post(cr(spaceId, remover.number, '/merge'))).body.result).toBe('merge');
    const second = await reviewer.post(cr(spaceId, editing.number, '/merge'));
    expect(second.body).toMatchObject({ result: 'conflicts', conflicts: [expect.objectContaining({ pageId: other, kind: 'delete-edit' })] });
  });

  it('combines moves made on both sides', async () => {
    const spaceId = await newSpace('Moves');
    const ids = await seedMain(spaceId, { Alpha: 'A.', Beta: 'B.', Gamma: 'C.', Delta: 'D.' });
    const first = await openChangeRequest(spaceId, 'Alpha under Gamma');
    const second = await openChangeRequest(spaceId, 'Delta first');
    expect((await editor.post(cr(spaceId, first.number, `/content/page/${ids.Alpha}/move`), { parent: ids.Gamma })).status).toBe(200);
    expect((await editor.post(cr(spaceId, second.number, `/content/page/${ids.Delta}/move`), { position: { before: ids.Alpha } })).status).toBe(200);
    expect((await reviewer.post(cr(spaceId, second.number, '/merge'))).body.result).toBe('merge');
    expect((await reviewer.post(cr(spaceId, first.number, '/merge'))).body.result).toBe('merge');

    const pages = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as {
      title: string;
      path: string;
      pages: { title: string; path: string }[];
    }[];
    expect(pages.map((p) => p.title)).toEqual(['Delta', 'Beta', 'Gamma']);
    expect(pages[2]?.pages.map((p) => p.path)).toEqual(['gamma/alpha']);
    expectError(await editor.post(cr(spaceId, first.number, `/content/page/${ids.Alpha}/move`), { parent: null }), 409);
    const third = await openChangeRequest(spaceId, 'Cycle');
    expectError(await editor.post(cr(spaceId, third.number, `/content/page/${ids.Gamma}/move`), { parent: ids.Alpha }), 400, /subtree/);
  });

  it('serializes concurrent merges: both clean ones land one after the other; of two conflicting ones only one wins', async () => {
    const spaceId = await newSpace('Concurrent merges');
    const { One: one, Two: two } = await seedMain(spaceId, { One: body(), Two: body() });
    const a = await openChangeRequest(spaceId, 'Edit one');
    const b = await openChangeRequest(spaceId, 'Edit two');
    await importPage(editor, cr(spaceId, a.number), one as string, body({ 1: 'One, edited by A.' }));
    await importPage(editor, cr(spaceId, b.number), two as string, body({ 1: 'Two, edited by B.' }));
    const results = await Promise.all([reviewer.post(cr(spaceId, a.number, '/merge')), reviewer.post(cr(spaceId, b.number, '/merge'))]);
    expect(results.map((r) => r.body.result)).toEqual(['merge', 'merge']);
    expect(await pageMarkdown(`/v1/spaces/${spaceId}/content`, one as string)).toContain('One, edited by A.');
    expect(await pageMarkdown(`/v1/spaces/${spaceId}/content`, two as string)).toContain('Two, edited by B.');
    const current = (await reader.get(`/v1/spaces/${spaceId}/content`)).body;
    expect(current.type).toBe('merge');
    expect(results.map((r) => r.body.revision)).toContain(current.id);

    const c = await openChangeRequest(spaceId, 'C on line 5');
    const d = await openChangeRequest(spaceId, 'D on line 5');
    await importPage(editor, cr(spaceId, c.number), one as string, body({ 1: 'One, edited by A.', 5: 'C was here.' }));
    await importPage(editor, cr(spaceId, d.number), one as string, body({ 1: 'One, edited by A.', 5: 'D was here.' }));
    const race = await Promise.all([reviewer.post(cr(spaceId, c.number, '/merge')), reviewer.post(cr(spaceId, d.number, '/merge'))]);
    expect(race.map((r) => r.body.result).sort()).toEqual(['conflicts', 'merge']);
    const text = await pageMarkdown(`/v1/spaces/${spaceId}/content`, one as string);
    expect([text.includes('C was here.'), text.includes('D was here.')].sort()).toEqual([false, true]);
  });
});

describe('updating from main', () => {
  it('pulls main in cleanly: an update revision, revisionMergedAncestor set, no longer outdated', async () => {
    const spaceId = await newSpace('Clean update');
    const { Guide: guide } = await seedMain(spaceId, { Guide: body() });
    const change = await openChangeRequest(spaceId);
    const path = cr(spaceId, change.number);
    await importPage(editor, path, guide as string, body({ 2: 'CR line 2.' }));
    await importPage(org.api, `/v1/spaces/${spaceId}`, guide as string, body({ 8: 'Main line 8.' }));
    const main = (await reader.get(`/v1/spaces/${spaceId}/content`)).body.id as string;
    expect((await reader.get(path)).body.outdated).toBe(true);

    const updated = await editor.post(`${path}/update`);
    expectOperationResponse('updateChangeRequest', 200, updated.body);
    expect(updated.body.result).toBe('update');
    const after = await reader.get(path);
    expect(after.body).toMatchObject({ revision: updated.body.revision, revisionMergedAncestor: main, outdated: false });
    expect((await reader.get(`${path}/content`)).body.type).toBe('update');
    const text = await pageMarkdown(`${path}/content`, guide as string);
    expect(text).toContain('CR line 2.');
    expect(text).toContain('Main line 8.');
    expect((await reader.get(`/v1/spaces/${spaceId}/content`)).body.id).toBe(main);
    expectError(await reader.post(`${path}/update`), 403);
  });

  it('leaves conflict markers that block the merge until the page is imported again', async () => {
    const spaceId = await newSpace('Conflicted update');
    const { Guide: guide } = await seedMain(spaceId, { Guide: body() });
    const change = await openChangeRequest(spaceId);
    const path = cr(spaceId, change.number);
    await importPage(editor, path, guide as string, body({ 5: 'Five by the writer.' }));
    await importPage(org.api, `/v1/spaces/${spaceId}`, guide as string, body({ 5: 'Five by main.' }));

    const updated = await editor.post(`${path}/update`);
    expect(updated.body.result).toBe('conflicts');
    const marked = await pageMarkdown(`${path}/content`, guide as string);
    expect(marked).toMatch(/^<<<<<<< /m);
    expect(marked).toContain('Five by the writer.');
    expect(marked).toContain('Five by main.');
    expect(marked).toMatch(/^>>>>>>> /m);
    expect((await reader.get(path)).body.outdated).toBe(false);
    const refused = await reviewer.post(`${path}/merge`);
    expect(refused.body).toMatchObject({ result: 'conflicts' });

    await importPage(editor, path, guide as string, body({ 5: 'Five, agreed by both.' }));
    const merged = await reviewer.post(`${path}/merge`);
    expect(merged.body.result).toBe('merge');
    const text = await pageMarkdown(`/v1/spaces/${spaceId}/content`, guide as string);
    expect(text).toContain('Five, agreed by both.');
    expect(text).not.toMatch(/<<<<<<<|>>>>>>>/);
  });
});

describe('PDF export', () => {
  it('answers a signed link, valid without a token, to a PDF of the change request pages in tree order', async () => {
    const spaceId = await newSpace('Printable');
    const ids = await seedMain(spaceId, {
      Overview: 'Plain words in **bold**.',
      'Код и данные': '```js\nconst answer = 42;\n```\n\n| Key | Value |\n|---|---|\n| 你好 | 世界 |',
    });
    const change = await openChangeRequest(spaceId);
    const path = cr(spaceId, change.number);
    await editor.post(`${path}/content/import`, { source: 'markdown', url: serve('# Added in the change request\n\n- a list item') });

    const res = await reader.get(`${path}/pdf`);
    expect(res.status).toBe(200);
    expectOperationResponse('getChangeRequestPDF', 200, res.body);
    const pdf = await fetch(res.body.url as string);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(bytes);
    const text = pages.join('\n');
    for (const title of ['Overview', 'Код и данные', 'Added in the change request']) expect(text).toContain(title);
    expect(text).toContain('const answer = 42;');
    expect(text).toContain('你好');
    expect(text).toContain('a list item');
    expect(text.indexOf('Overview')).toBeLessThan(text.indexOf('Added in the change request'));
    expect(pages.length).toBeGreaterThanOrEqual(3);

    const one = await reader.get(`${path}/pdf?only=true&page=${ids.Overview}`);
    const onePdf = pdfPages(Buffer.from(await (await fetch(one.body.url as string)).arrayBuffer())).join('\n');
    expect(onePdf).toContain('Plain words in bold.');
    expect(onePdf).not.toContain('const answer');

    expectError(await reader.get(`${path}/pdf?only=true`), 400, /page/);
    expectError(await reader.get(`${path}/pdf?page=nope0000000000000000`), 400, /page/);
    const tampered = tamperedSignature(res.body.url as string);
    const refused = await fetch(tampered);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expectError(await outsider.get(`${path}/pdf`), 404);
  });
});
