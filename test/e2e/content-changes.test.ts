import { GitBookAPI } from 'gitbook-api-0202';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser, type OrgClient } from '../support/factories';
import { validateOperationResponse, validateSchema } from '../support/reference';
import { eventually } from '../support/eventually';
import { pdfPages } from '../support/pdf-text';
import { currentStack } from '../support/stack';

// Batch content edits on a change request, `POST …/content`
// (updateChangeRequestContent of @gitbook/api 0.202.0, today's official client), sent through that
// client and validated against its schemas: insert, update (rename, slug, move), delete, revert (whole pages or
// some blocks); one revision per batch or nothing; roles; closed change requests.

const stack = currentStack();
let org: OrgClient;
let reader: ApiClient;
let outsider: ApiClient;
let tokens: { admin: string; editor: string };
let fixture: Server;
let fixtureUrl: string;
let port: number;
const requested: string[] = [];
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Content changes org');
  org = { id: own.id, api: apiClient(stack, own.admin.token) };
  tokens = { admin: own.admin.token, editor: (await buildMember(stack, own.id, 'edit')).token };
  reader = apiClient(stack, (await buildMember(stack, own.id, 'read')).token);
  outsider = apiClient(stack, (await buildUser(stack, 'outsider')).token);
  fixture = createServer((req, res) => {
    requested.push(`${req.socket.localAddress}${req.url}`);
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Welcome\n\nThe first page.\n');
  });
  // On every address, so that a refused one (127.0.0.2) would be seen if it were contacted.
  await new Promise<void>((resolve) => fixture.listen(0, '0.0.0.0', resolve));
  port = (fixture.address() as AddressInfo).port;
  fixtureUrl = `http://127.0.0.1:${port}/welcome.md`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

/** The official client of today, as its users write it. */
const client = (token: string) => new GitBookAPI({ authToken: token, endpoint: stack.url });

interface TreePage {
  id: string;
  title: string;
  slug: string;
  pages?: TreePage[];
}
const outline = (pages: TreePage[], depth = 0): string[] => pages.flatMap((p) => [`${'  '.repeat(depth)}${p.slug}`, ...outline(p.pages ?? [], depth + 1)]);

/** A space with one imported page and an open change request on it. */
async function changeRequest(): Promise<{ spaceId: string; crId: string; welcomeId: string; path: string }> {
  const space = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Batch edits' });
  expect(space.status).toBe(201);
  expect((await org.api.post(`/v1/spaces/${space.body.id}/content/import`, { source: 'markdown', url: fixtureUrl })).status).toBe(201);
  const cr = await org.api.post(`/v1/spaces/${space.body.id}/change-requests`, { subject: 'Authored from code' });
  expect(cr.status).toBe(201);
  const pages = await org.api.get(`/v1/spaces/${space.body.id}/change-requests/${cr.body.id}/content/pages`);
  return { spaceId: space.body.id, crId: cr.body.id, welcomeId: pages.body.pages[0].id, path: `/v1/spaces/${space.body.id}/change-requests/${cr.body.id}` };
}

async function treeOf(path: string): Promise<string[]> {
  const res = await org.api.get(`${path}/content/pages`);
  expect(res.status).toBe(200);
  return outline(res.body.pages);
}

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', () => {
  it('applies a batch through the 0.202.0 client as one revision, answering the change request (compat=true)', async () => {
    const { spaceId, crId, welcomeId, path } = await changeRequest();
    const before = await org.api.get(path);
    const api = client(tokens.admin);
    const res = await api.spaces.updateChangeRequestContent(spaceId, crId, {
      changes: [
        { operation: 'insert_page', document: { markdown: '# Guides\n\nHow-tos.' } },
        { operation: 'insert_page', into: welcomeId, document: { markdown: 'Install it.' }, title: 'Installation' },
        { operation: 'update_page', page: welcomeId, title: 'Start here' },
      ],
    });
    expect(res.status).toBe(200);
    expect(validateOperationResponse('updateChangeRequestContent', 200, res.data, { reference: '0.202.0' })).toEqual([]);
    expect(validateOperationResponse('updateChangeRequestContent', 200, { changes: 'none' }, { reference: '0.202.0' })).not.toEqual([]); // the check can fail
    expect(res.data).toMatchObject({ object: 'change-request', id: crId });
    const answer = res.data as { revision: string; updatedAt: string };
    expect(answer.revision).not.toBe(before.body.revision);
    // One revision: its parent is the change request's revision before the batch.
    const revision = await org.api.get(`/v1/spaces/${spaceId}/revisions/${answer.revision}`);
    expect(revision.body).toMatchObject({ type: 'edits', parents: [before.body.revision] });
    // A new title keeps the slug (the page's URL).
    expect(await treeOf(path)).toEqual(['welcome', '  installation', 'guides']);
    const pages = (await org.api.get(`${path}/content/pages`)).body.pages as TreePage[];
    expect(pages[0]?.title).toBe('Start here');
    const guides = await org.api.get(`${path}/content/page/${pages[1]?.id}?format=markdown`);
    expect(guides.body).toMatchObject({ title: 'Guides', markdown: expect.stringContaining('How-tos.') });
    // Main is untouched until the merge.
    expect(outline((await org.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages)).toEqual(['welcome']);

    // Comments and the PDF read the batch's revision: a comment targets the new page, the PDF has its text.
    const comment = await org.api.post(`${path}/comments`, { body: { markdown: 'Nice guide' }, page: pages[1]?.id });
    expect(comment.status).toBe(200);
    expect(comment.body.target).toMatchObject({ changeRequest: crId, page: { id: pages[1]?.id, title: 'Guides', path: 'guides' } });
    const pdf = await org.api.get(`${path}/pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfPages(Buffer.from(await (await fetch(pdf.body.url as string)).arrayBuffer())).join('\n');
    expect(text).toContain('How-tos.');
    expect(text).toContain('Install it.');
  });

  it('answers the affected pages with compat=false, and moves, re-slugs and deletes', async () => {
    const { spaceId, crId, welcomeId, path } = await changeRequest();
    const api = client(tokens.editor);
    const first = await api.spaces.updateChangeRequestContent(
      spaceId,
      crId,
      {
        changes: [
          { operation: 'insert_page', ref: 'a', document: { markdown: '# A' } },
          { operation: 'insert_page', ref: 'b', document: { markdown: '# B' } },
        ],
      },
      { compat: false },
    );
    expect(first.status).toBe(200);
    expect(validateOperationResponse('updateChangeRequestContent', 200, first.data, { reference: '0.202.0' })).toEqual([]);
    const data = first.data as unknown as {
      changes: { object: string; ref?: string; page: { id: string; urls: { location: string } } }[];
      insertedFiles: unknown[];
    };
    expect(data.changes.map((c) => `${c.object}:${c.ref}`)).toEqual(['created_page:a', 'created_page:b']);
    expect(data.insertedFiles).toEqual([]);
    const [a, b] = data.changes.map((c) => c.page);
    // Each location serves the page it names.
    const served = await fetch(a?.urls.location as string, { headers: { authorization: `Bearer ${tokens.editor}` } });
    expect(served.status).toBe(200);
    expect(((await served.json()) as { id: string }).id).toBe(a?.id);

    const second = await api.spaces.updateChangeRequestContent(
      spaceId,
      crId,
      {
        changes: [
          { operation: 'update_page', page: b?.id as string, into: welcomeId, at: 0, slug: 'bee' },
          { operation: 'update_page', page: a?.id as string, into: b?.id as string },
          { operation: 'delete_page', page: welcomeId },
        ],
      },
      { compat: false },
    );
    expect(second.status).toBe(200);
    expect(validateOperationResponse('updateChangeRequestContent', 200, second.data, { reference: '0.202.0' })).toEqual([]);
    expect((second.data as unknown as { changes: { object: string; page: unknown }[] }).changes.map((c) => c.object)).toEqual([
      'deleted_page',
      'deleted_page',
      'deleted_page',
    ]);
    expect(await treeOf(path)).toEqual([]);
  });

  it('inserts files by base64 and by URL, and pages link to pages and files by ref, id and path in any order', async () => {
    const { spaceId, crId, welcomeId, path } = await changeRequest();
    const res = await client(tokens.admin).spaces.updateChangeRequestContent(
      spaceId,
      crId,
      {
        changes: [
          {
            operation: 'insert_page',
            ref: 'intro',
            document: {
              markdown:
                '# Intro\n\n![Logo](./logo) [File](./inline.png) [Next](./next.md) [Home](/pages/welcome) [Id](/pages/' + welcomeId + ') [Gone](/pages/gone)',
            },
          },
          { operation: 'insert_page', ref: 'next', document: { markdown: '# Next\n\n[Back](./intro.md)' } },
          {
            operation: 'insert_files',
            files: [
              { name: 'logo.png', ref: 'logo', url: `http://127.0.0.1:${port}/logo.png` },
              { name: 'inline.png', ref: 'inline.png', base64: PNG.toString('base64'), contentType: 'image/png' },
            ],
          },
        ],
      },
      { compat: false },
    );
    expect(res.status).toBe(200);
    expect(validateOperationResponse('updateChangeRequestContent', 200, res.data, { reference: '0.202.0' })).toEqual([]);
    const data = res.data as unknown as { insertedFiles: { id: string; name: string; contentType: string; size: number; downloadURL: string }[] };
    expect(data.insertedFiles.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['logo.png', 'image/png', PNG.length],
      ['inline.png', 'image/png', PNG.length],
    ]);
    const download = await fetch(data.insertedFiles[0]?.downloadURL as string);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    const pages = (await org.api.get(`${path}/content/pages`)).body.pages as TreePage[];
    const intro = await org.api.get(`${path}/content/page/${pages.find((p) => p.title === 'Intro')?.id}?format=markdown`);
    expect(intro.body.markdown).toContain(
      '![Logo](.gitbook/assets/logo.png) [File](.gitbook/assets/inline.png) [Next](next.md) [Home](welcome.md) [Id](welcome.md) Gone',
    );
    const next = await org.api.get(`${path}/content/page/${pages.find((p) => p.title === 'Next')?.id}?format=markdown`);
    expect(next.body.markdown).toContain('[Back](intro.md)');
    // The change request's files list them.
    const files = await org.api.get(`${path}/content/files`);
    expect(files.body.items.map((f: { name: string }) => f.name).sort()).toEqual(['inline.png', 'logo.png']);
  });

  it('refuses a file from a forbidden address without contacting it, and a base64 file over 1 MB', async () => {
    const { path } = await changeRequest();
    const before = requested.length;
    const forbidden = { changes: [{ operation: 'insert_files', files: [{ name: 'x.png', url: `http://127.0.0.2:${port}/logo.png` }] }] };
    expectError(await org.api.post(`${path}/content`, forbidden), 400, /"changes\.0\.files\.0\.url".*127\.0\.0\.2/);
    expect(requested.slice(before).filter((r) => r.startsWith('127.0.0.2'))).toEqual([]);
    const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
    expectError(
      await org.api.post(`${path}/content`, {
        changes: [{ operation: 'insert_files', files: [{ name: 'big.bin', base64: big, contentType: 'application/octet-stream' }] }],
      }),
      400,
      /"changes\.0\.files\.0\.base64"/,
    );
    expectError(
      await org.api.post(`${path}/content`, {
        changes: [{ operation: 'insert_files', files: [{ name: 'both', base64: 'AA==', url: 'https://example.com/x' }] }],
      }),
      400,
      /exactly one/,
    );
    expect(await treeOf(path)).toEqual(['welcome']);
    expect((await org.api.get(`${path}/content/files`)).body.items).toEqual([]);
  });

  it('reverts pages to the change request base: an edit undone, a deleted page back, an added page gone', async () => {
    const { welcomeId, path } = await changeRequest();
    const edited = await org.api.post(`${path}/content?compat=false`, {
      changes: [
        { operation: 'update_page', page: welcomeId, document: { markdown: '# Welcome\n\nRewritten.' } },
        { operation: 'insert_page', document: { markdown: '# Extra' } },
      ],
    });
    expect(edited.status).toBe(200);
    const extraId = edited.body.changes.find((c: { object: string }) => c.object === 'created_page').page.id;
    const reverted = await org.api.post(`${path}/content?compat=false`, {
      changes: [
        { operation: 'revert_page', page: welcomeId },
        { operation: 'revert_page', page: extraId },
      ],
    });
    expect(reverted.status).toBe(200);
    expect(validateOperationResponse('updateChangeRequestContent', 200, reverted.body, { reference: '0.202.0' })).toEqual([]);
    expect(reverted.body.changes.map((c: { object: string }) => c.object)).toEqual(['updated_page', 'deleted_page']);
    expect(await treeOf(path)).toEqual(['welcome']);
    const welcome = await org.api.get(`${path}/content/page/${welcomeId}?format=markdown`);
    expect(welcome.body.markdown).toContain('The first page.');
    expect(welcome.body.markdown).not.toContain('Rewritten.');
    // Deleted, then back from the base.
    expect((await org.api.post(`${path}/content`, { changes: [{ operation: 'delete_page', page: welcomeId }] })).status).toBe(200);
    expect(await treeOf(path)).toEqual([]);
    expect((await org.api.post(`${path}/content`, { changes: [{ operation: 'revert_page', page: welcomeId }] })).status).toBe(200);
    expect(await treeOf(path)).toEqual(['welcome']);
    expectError(await org.api.post(`${path}/content`, { changes: [{ operation: 'revert_page', page: welcomeId, block: ['b1'] }] }), 400, /block/);
  });

  it('reverts some blocks of a page by the keys its document gives them, through the 0.202.0 client', async () => {
    const { spaceId, crId, welcomeId, path } = await changeRequest();
    const api = client(tokens.editor);
    const edit = { operation: 'update_page' as const, page: welcomeId, title: 'Start here', document: { markdown: 'The first page, edited.\n\nA new tip.\n' } };
    expect((await api.spaces.updateChangeRequestContent(spaceId, crId, { changes: [edit] })).status).toBe(200);
    const page = await org.api.get(`${path}/content/page/${welcomeId}?format=document`);
    expect(validateOperationResponse('getPageInChangeRequestById', 200, page.body)).toEqual([]);
    expect(validateSchema('JSONDocument', page.body.document, { reference: '0.202.0' })).toEqual([]);
    const keyOf = (text: string) => (page.body.document.nodes as { key: string }[]).find((n) => JSON.stringify(n).includes(text))?.key as string;
    const markdown = async () => (await org.api.get(`${path}/content/page/${welcomeId}?format=markdown`)).body.markdown as string;

    // The added block goes, the edited one stays; then the edited one is reset. The title stays as edited.
    const revert = (block: string[]) =>
      api.spaces.updateChangeRequestContent(spaceId, crId, { changes: [{ operation: 'revert_page', page: welcomeId, block }] });
    expect((await revert([keyOf('A new tip.')])).status).toBe(200);
    expect(await markdown()).toBe('The first page, edited.\n');
    expect((await revert([keyOf('The first page, edited.')])).status).toBe(200);
    expect(await markdown()).toBe('The first page.\n');
    expect((await org.api.get(`${path}/content/page/${welcomeId}`)).body.title).toBe('Start here');
    expectError(
      await org.api.post(`${path}/content`, { changes: [{ operation: 'revert_page', page: welcomeId, block: ['nope'] }] }),
      400,
      /"changes\.0\.block": no block nope/,
    );
  });

  it('changes nothing when one change of the batch cannot apply, and names it', async () => {
    const { spaceId, welcomeId, path } = await changeRequest();
    const before = (await org.api.get(path)).body.revision;
    const res = await org.api.post(`${path}/content`, {
      changes: [
        { operation: 'insert_page', document: { markdown: '# Would be new' } },
        { operation: 'update_page', page: welcomeId, into: welcomeId },
      ],
    });
    expectError(res, 400, /"changes\.1\.into"/);
    expect((await org.api.get(path)).body.revision).toBe(before);
    expect(await treeOf(path)).toEqual(['welcome']);
    expectError(await org.api.post(`${path}/content`, { changes: [{ operation: 'delete_page', page: 'nope' }] }), 400, /"changes\.0\.page"/);
    expectError(await org.api.post(`${path}/content`, { changes: [{ operation: 'insert_page', document: {}, slug: 'welcome' }] }), 400, /"changes\.0\.slug"/);
    expectError(await org.api.post(`${path}/content`, { changes: [] }), 400, /"changes"/);
    const tooMany = Array.from({ length: 51 }, () => ({ operation: 'insert_page', document: {} }));
    expectError(await org.api.post(`${path}/content`, { changes: tooMany }), 400, /"changes"/);
    expectError(await org.api.post(`${path}/content`, { changes: [{ operation: 'rename_space' }] }), 400, /"changes\.0\.operation"/);
    expectError(await org.api.post(`${path}/content`, { changes: [{ operation: 'insert_page', document: {}, icon: 'X<b>' }] }), 400, /"changes\.0\.icon"/);
    // Nothing of all that reached the change request or main.
    expect((await org.api.get(path)).body.revision).toBe(before);
    expect(outline((await org.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages)).toEqual(['welcome']);
  });

  it('needs edit on the space (read 403, another organization 404), merges to main where search finds it, then refuses writes (409)', async () => {
    const { spaceId, path } = await changeRequest();
    const batch = { changes: [{ operation: 'insert_page', document: { markdown: '# Merged page\n\nFindable words: quokka.' } }] };
    expectError(await reader.post(`${path}/content`, batch), 403);
    expectError(await outsider.post(`${path}/content`, batch), 404);
    expect((await org.api.post(`${path}/content`, batch)).status).toBe(200);
    const merged = await org.api.post(`${path}/merge`);
    expect(merged.status).toBe(200);
    expect(outline((await org.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages)).toEqual(['welcome', 'merged-page']);
    // Search finds the merged page (indexed from the revision event, through the bus).
    await eventually(async () => {
      const found = await org.api.get(`/v1/spaces/${spaceId}/search?query=quokka`);
      return found.status === 200 && found.body.items.some((item: { title: string }) => item.title === 'Merged page');
    }, 30_000);
    expectError(await org.api.post(`${path}/content`, batch), 409, /merged/);
  });

  it('answers hostile batches with 200 or a 4xx in the error shape, never a 5xx: deep documents, NUL, huge markdown, cycles, 50 moves', async () => {
    const { welcomeId, path } = await changeRequest();
    // Written as text: a 3,000-deep object is past JSON.stringify's own stack here.
    const deepNodes = '{"object":"block","type":"blockquote","nodes":['.repeat(3000) + '{"object":"text","leaves":[]}' + ']}'.repeat(3000);
    const deep = `{"changes":[{"operation":"insert_page","document":{"document":{"object":"document","nodes":[${deepNodes}]}}}]}`;
    const batches: unknown[] = [
      deep,
      { changes: [{ operation: 'insert_page', title: 'a\u0000b', document: { markdown: '# N\u0000UL\n\nx\u0000y' } }] },
      { changes: [{ operation: 'insert_page', document: { markdown: `# Huge\n\n${'word '.repeat(190_000)}` } }] },
      { changes: [{ operation: 'insert_page', document: { markdown: '\u{1F600}'.repeat(10_000) + ' [\ud800](./\udfff.md)' } }] },
      {
        changes: [
          { operation: 'insert_page', ref: 'a', document: { markdown: '# A' } },
          { operation: 'update_page', page: welcomeId, into: welcomeId },
        ],
      },
      { changes: Array.from({ length: 50 }, (_, i) => ({ operation: 'update_page', page: welcomeId, into: null, at: i % 3 })) },
      { changes: [{ operation: 'update_page', page: welcomeId, at: 1e308 }] },
      { changes: [{ operation: 'insert_page', document: { markdown: '[x](' + '../'.repeat(5000) + 'a.md)' } }] },
    ];
    for (const batch of batches) {
      const res =
        typeof batch === 'string'
          ? await org.api.post(`${path}/content`, undefined, { rawBody: batch, headers: { 'content-type': 'application/json' } })
          : await org.api.post(`${path}/content`, batch);
      expect(res.status === 200 || (res.status >= 400 && res.status < 500 && res.body?.error?.code === res.status)).toBe(true);
    }
    expect((await org.api.get('/v1/user')).status).toBe(200);
    expect((await treeOf(path)).length).toBeGreaterThan(0);
  });

  it('serializes two batches on one change request: both apply, neither loses the other', async () => {
    const { path } = await changeRequest();
    const batch = (n: number) => ({
      changes: Array.from({ length: 5 }, (_, i) => ({ operation: 'insert_page', document: { markdown: `# Batch ${n} page ${i}` } })),
    });
    const answers = await Promise.all([org.api.post(`${path}/content`, batch(1)), org.api.post(`${path}/content`, batch(2))]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const tree = await treeOf(path);
    expect(tree).toHaveLength(11);
    for (const n of [1, 2]) for (let i = 0; i < 5; i++) expect(tree).toContain(`batch-${n}-page-${i}`);
  });
});
