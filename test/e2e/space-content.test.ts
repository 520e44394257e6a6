import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ApiClient, expectError, tamperedSignature } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse, expectSchema } from '../support/reference';
import { currentStack, REPO_ROOT } from '../support/stack';

// Space content: imports become immutable revisions; pages read back as markdown and
// as GitBook documents; files download through signed links. Fixtures come from a loopback server
// (the stack allow-lists 127.0.0.1; 127.0.0.2 stays refused).

const stack = currentStack();
// A 16×8 PNG header is all image-size needs.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000000801060000001f15c4890000000a49444154789c6300010000050001', 'hex');

const FIXTURES: Record<string, { type: string; body: string | Buffer }> = {
  '/guide.md': {
    type: 'text/markdown',
    body: '# Install guide\n\nRun `npm i` **now**.\n\n![Logo](img/logo.png)\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n\n- [x] done\n- [ ] todo\n\nSee [the site](https://example.com).\n',
  },
  '/img/logo.png': { type: 'image/png', body: PNG },
  '/page.html': {
    type: 'text/html',
    body: '<html><head><title>Changelog</title></head><body><nav>Menu chrome</nav><main><h1>Changelog</h1><p>Version <strong>2</strong> is out.</p><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></main><footer>Footer chrome</footer></body></html>',
  },
  '/replacement.md': { type: 'text/markdown', body: '# Replaced\n\nA new body for one page.\n' },
};

const fixtureFile = (name: string) => readFileSync(join(REPO_ROOT, 'test/fixtures/import', name));
for (const zip of ['docs', 'summary-groups', 'traversal', 'symlink', 'bomb', 'not-a-zip'])
  FIXTURES[`/${zip}.zip`] = { type: 'application/zip', body: fixtureFile(`zip/${zip}.zip`) };
FIXTURES['/sample.docx'] = { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', body: fixtureFile('sample.docx') };

// A small docs website: 20 pages under /site/, each with navigation, header and footer chrome.
const SITE_PAGES = ['', ...Array.from({ length: 19 }, (_, i) => (i < 4 ? `section-${i}/` : `section-${i % 4}/page-${i}`))];
const sitePage = (path: string) => {
  const links = SITE_PAGES.map((p) => `<a href="/site/${p}">${p || 'home'}</a>`).join(' ');
  const title = path ? path.replace(/\/$/, '').split('/').pop() : 'Home';
  return `<html><head><title>${title} | Acme Docs</title></head><body><header>Acme header</header><nav>${links}</nav><main><h1>${title}</h1><p>Body of ${title || 'home'}.</p></main><footer>Acme footer</footer></body></html>`;
};
for (const path of SITE_PAGES) FIXTURES[`/site/${path}`] = { type: 'text/html', body: sitePage(path) };

let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let outsider: ApiClient;
let fixture: Server;
let fixtureUrl: string;
let refusedUrl: string;

beforeAll(async () => {
  ({ org, reader, editor, outsider } = await buildRoleCast(stack, 'Content org'));
  fixture = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] as string;
    if (path === '/redirect-out') return res.writeHead(302, { location: `${refusedUrl}/guide.md` }).end();
    const found = FIXTURES[path];
    if (!found) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': found.type }).end(found.body);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '0.0.0.0', resolve));
  const port = (fixture.address() as AddressInfo).port;
  fixtureUrl = `http://127.0.0.1:${port}`;
  refusedUrl = `http://127.0.0.2:${port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

async function newSpace(title = 'Docs'): Promise<string> {
  const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const importInto = (api: ApiClient, spaceId: string, body: unknown) => api.post(`/v1/spaces/${spaceId}/content/import`, body);

interface TreePage {
  id: string;
  title: string;
  path?: string;
  pages?: TreePage[];
}

describe('importing markdown and HTML', () => {
  let spaceId: string;
  let firstRevision: string;

  beforeAll(async () => {
    spaceId = await newSpace('Imported docs');
    firstRevision = (await org.api.get(`/v1/spaces/${spaceId}/content`)).body.id as string;
  });

  it('imports a markdown page into a new current revision (201, Location), with its image as a file', async () => {
    const res = await importInto(editor, spaceId, { source: 'markdown', url: `${fixtureUrl}/guide.md` });
    expect(res.status).toBe(201);
    expectOperationResponse('importContent', 201, res.body);
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 2, totalResources: expect.any(Number) });
    expect(res.headers.get('location')).toMatch(new RegExp(`^https?://[^/]+/v1/spaces/${spaceId}/revisions/${res.body.revision}$`));

    const content = await reader.get(`/v1/spaces/${spaceId}/content`);
    expectOperationResponse('getCurrentRevision', 200, content.body);
    expect(content.body).toMatchObject({ object: 'revision', id: res.body.revision, type: 'edits', parents: [firstRevision] });
    expect(content.body.pages.map((p: TreePage) => [p.title, p.path])).toEqual([['Install guide', 'install-guide']]);
    expect(content.body.files).toEqual([
      expect.objectContaining({ name: 'logo.png', contentType: 'image/png', size: PNG.length, dimensions: { width: 16, height: 8 } }),
    ]);

    // The revision before the import is still there, unchanged.
    const before = await reader.get(`/v1/spaces/${spaceId}/revisions/${firstRevision}`);
    expectOperationResponse('getRevisionById', 200, before.body);
    expect(before.body.pages).toEqual([]);
  });

  it('reads a page as markdown and as a GitBook document, both valid against the reference', async () => {
    const pages = await reader.get(`/v1/spaces/${spaceId}/content/pages`);
    expectOperationResponse('listPages', 200, pages.body);
    const pageId = pages.body.pages[0].id as string;

    const markdown = await reader.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`);
    expectOperationResponse('getPageById', 200, markdown.body);
    expect(markdown.body.markdown).toContain('Run `npm i` **now**.');
    expect(markdown.body.markdown).toContain('![Logo](.gitbook/assets/logo.png)');
    expect(markdown.body.markdown).not.toMatch(/^# Install guide/);

    const document = await reader.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=document`);
    expectOperationResponse('getPageById', 200, document.body);
    expectSchema('JSONDocument', document.body.document);
    const nodes = JSON.stringify(document.body.document);
    expect(nodes).toContain('"type":"hint"');
    expect(nodes).toContain('"type":"list-tasks"');
    const fileId = (await reader.get(`/v1/spaces/${spaceId}/content/files`)).body.items[0].id as string;
    expect(nodes).toContain(`{"kind":"file","file":"${fileId}"}`);
  });

  it('lists files with pagination and serves them through a signed link that needs no token', async () => {
    const files = await reader.get(`/v1/spaces/${spaceId}/content/files?limit=0`);
    expectOperationResponse('listFiles', 200, files.body);
    expect(files.body).toMatchObject({ items: [], count: 1 });
    const list = await reader.get(`/v1/spaces/${spaceId}/content/files`);
    const file = await reader.get(`/v1/spaces/${spaceId}/content/files/${list.body.items[0].id}`);
    expectOperationResponse('getFileById', 200, file.body);
    expect(new URL(file.body.downloadURL).pathname).toMatch(/^\/v1\/file-downloads\//);

    const download = await fetch(file.body.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    const tampered = await fetch(tamperedSignature(file.body.downloadURL));
    expect(tampered.status).toBeGreaterThanOrEqual(400);
    expect(tampered.status).toBeLessThan(500);
    expect(((await tampered.json()) as { error: { code: number } }).error.code).toBe(tampered.status);
  });

  it("links pages and files by id with `format.markdown.refs=stable`, and takes `dereferenced`, parameters of today's client (0.202.0)", async () => {
    const pageId = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages[0].id as string;
    const fileId = (await reader.get(`/v1/spaces/${spaceId}/content/files`)).body.items[0].id as string;
    const read = (query: string) => reader.get(`/v1/spaces/${spaceId}/content/page/${pageId}?${query}`);
    const stable = await read('format=markdown&format.markdown.refs=stable');
    expectOperationResponse('getPageById', 200, stable.body);
    expect(stable.body.markdown).toContain(`![Logo](/files/${fileId})`);
    expect(stable.body.markdown).toContain('See [the site](https://example.com).');
    // `relative` is the default, the body as stored; `dereferenced` finds nothing to expand.
    const stored = (await read('format=markdown')).body.markdown;
    expect((await read('format=markdown&format.markdown.refs=relative')).body.markdown).toBe(stored);
    expect((await read('format=markdown&dereferenced=true')).body.markdown).toBe(stored);
    expect((await read('format=document&format.markdown.refs=stable')).body.document).toEqual((await read('format=document')).body.document);
    expectError(await read('format.markdown.refs=absolute'), 400, /"format\.markdown\.refs"/);
    expectError(await read('dereferenced=all'), 400, /"dereferenced"/);
  });

  it('imports an HTML page without its chrome, after the pages already there', async () => {
    const res = await importInto(editor, spaceId, { source: 'html', url: `${fixtureUrl}/page.html` });
    expect(res.status).toBe(201);
    const pages = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    expect(pages.map((p) => p.title)).toEqual(['Install guide', 'Changelog']);
    const page = await reader.get(`/v1/spaces/${spaceId}/content/page/${pages[1]?.id}`);
    expectOperationResponse('getPageById', 200, page.body);
    expect(page.body.markdown).toContain('Version **2** is out.');
    expect(page.body.markdown).toContain('| A | B |');
    expect(page.body.markdown).not.toMatch(/chrome/);
  });

  it('replaces one page body through the page import, keeping its id and title', async () => {
    const pages = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    const target = pages[1] as TreePage;
    const res = await editor.post(`/v1/spaces/${spaceId}/content/page/${target.id}/import`, { source: 'markdown', url: `${fixtureUrl}/replacement.md` });
    expect(res.status).toBe(201);
    expectOperationResponse('importContentInPageById', 201, res.body);
    const page = await reader.get(`/v1/spaces/${spaceId}/content/page/${target.id}?format=markdown`);
    expect(page.body).toMatchObject({ id: target.id, title: 'Changelog' });
    expect(page.body.markdown).toContain('A new body for one page.');
    const previous = await reader.get(`/v1/spaces/${spaceId}/revisions/${res.body.revision}/page/${target.id}`);
    expect(previous.body.markdown).toContain('A new body for one page.');
  });

  it('copies the content when the space is duplicated', async () => {
    const copy = await org.api.post(`/v1/spaces/${spaceId}/duplicate`);
    expect(copy.status).toBe(201);
    const pages = (await org.api.get(`/v1/spaces/${copy.body.id}/content/pages`)).body.pages as TreePage[];
    expect(pages.map((p) => p.title)).toEqual(['Install guide', 'Changelog']);
  });
});

describe('importing a zip, a Word document and a website', () => {
  const titles = (pages: TreePage[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, titles(p.pages)] : p.title));

  it('imports a zip as a page tree ordered by SUMMARY.md, with links and images resolved', async () => {
    const spaceId = await newSpace('Zip docs');
    const res = await importInto(editor, spaceId, { source: 'zip', url: `${fixtureUrl}/docs.zip` });
    expect(res.status).toBe(201);
    const content = await reader.get(`/v1/spaces/${spaceId}/content`);
    expectOperationResponse('getCurrentRevision', 200, content.body);
    const tree = content.body.pages as TreePage[];
    expect(tree.length).toBeGreaterThan(1);
    expect(tree[0]?.title).toBe('Welcome');
    const names = content.body.files.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['logo.png', 'manual.pdf']));
    // Every page reads back as a schema-valid document.
    const flat = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
    for (const page of flat(tree)) {
      const doc = await reader.get(`/v1/spaces/${spaceId}/content/page/${page.id}?format=document`);
      expectOperationResponse('getPageById', 200, doc.body);
    }
    const welcome = await reader.get(`/v1/spaces/${spaceId}/content/page/${tree[0]?.id}?format=document`);
    expect(JSON.stringify(welcome.body.document)).toMatch(/"kind":"page","page":"[^"]+"/);
  });

  it('imports SUMMARY.md groups and external links as group and link pages (as Git Sync does), counting only what it read', async () => {
    const spaceId = await newSpace('Zip groups');
    const res = await importInto(editor, spaceId, { source: 'zip', url: `${fixtureUrl}/summary-groups.zip` });
    expect(res.status).toBe(201);
    // SUMMARY.md, four pages and a PNG: six entries, five of them imported (groups, the link and the missing page are made, not read).
    expect(res.body).toMatchObject({ importedResources: 5, totalResources: 6 });
    const content = await reader.get(`/v1/spaces/${spaceId}/content`);
    expectOperationResponse('getCurrentRevision', 200, content.body);
    const shape = (pages: TreePage[]): unknown[] =>
      pages.map((p) => {
        const page = p as TreePage & { type: string; href?: string; target?: { url?: string } };
        const line = `${page.type}:${page.title}${page.type === 'link' ? ` ${page.target?.url ?? page.href}` : ''}`;
        return page.pages?.length ? [line, shape(page.pages)] : line;
      });
    expect(shape(content.body.pages)).toEqual([
      'document:Welcome',
      ['group:Guides', [['document:Install', ['document:Linux']], 'link:GitBook https://www.gitbook.com']],
      ['group:Reference', ['document:API', 'document:Missing page']],
    ]);
    const guides = (content.body.pages as TreePage[])[1] as TreePage;
    const link = await reader.get(`/v1/spaces/${spaceId}/content/page/${guides.pages?.[1]?.id}`);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ type: 'link', title: 'GitBook' });
  });

  it('imports a Word document with its embedded image', async () => {
    const spaceId = await newSpace('Word docs');
    const res = await importInto(editor, spaceId, { source: 'docx', url: `${fixtureUrl}/sample.docx` });
    expect(res.status).toBe(201);
    const content = await reader.get(`/v1/spaces/${spaceId}/content`);
    expect(content.body.pages).toHaveLength(1);
    expect(content.body.files).toEqual([expect.objectContaining({ contentType: 'image/png' })]);
    const page = await reader.get(`/v1/spaces/${spaceId}/content/page/${content.body.pages[0].id}`);
    expect(page.body.markdown).toContain('**');
    expect(page.body.markdown).toContain(`.gitbook/assets/${content.body.files[0].name}`);
  });

  it('imports a website of 20 pages as a tree from its URL paths, without the chrome', async () => {
    const spaceId = await newSpace('Website');
    const res = await importInto(editor, spaceId, { source: 'website', url: `${fixtureUrl}/site/` });
    expect(res.status).toBe(201);
    expect(res.body.importedResources).toBe(20);
    const pages = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    const all = JSON.stringify(titles(pages));
    for (const name of ['Home', 'section-0', 'page-5']) expect(all).toContain(name);
    const section = pages.find((p) => p.title === 'section-1') as TreePage;
    expect(section.pages?.map((p) => p.title)).toEqual(expect.arrayContaining(['page-5', 'page-9']));
    const page = await reader.get(`/v1/spaces/${spaceId}/content/page/${section.id}`);
    expect(page.body.markdown).toContain('Body of section-1.');
    expect(page.body.markdown).not.toMatch(/Acme (header|footer)/);
  });
});

describe('imports that are refused', () => {
  let spaceId: string;
  let current: string;

  beforeAll(async () => {
    spaceId = await newSpace('Refusals');
    current = (await org.api.get(`/v1/spaces/${spaceId}/content`)).body.id as string;
  });
  afterEach(async () => {
    // A refused import changes nothing.
    expect((await org.api.get(`/v1/spaces/${spaceId}/content`)).body.id).toBe(current);
  });

  it('refuses sources Quire does not import, and bodies that are not an import, naming the field', async () => {
    expectError(await importInto(editor, spaceId, { source: 'notion', url: `${fixtureUrl}/guide.md` }), 400, /source.*markdown, html, zip, docx, website/);
    expectError(await importInto(editor, spaceId, { source: 'markdown', url: 'not a url' }), 400, /url/);
    expectError(await importInto(editor, spaceId, { source: 'markdown' }), 400, /url/);
    expectError(await importInto(editor, spaceId, { source: 'markdown', url: `${fixtureUrl}/guide.md`, extra: 1 }), 400, /extra/);
  });

  it('refuses a non-allow-listed loopback address, also behind a redirect, and a URL that answers 404', async () => {
    expectError(await importInto(editor, spaceId, { source: 'markdown', url: `${refusedUrl}/guide.md` }), 400, /127\.0\.0\.2/);
    expectError(await importInto(editor, spaceId, { source: 'markdown', url: `${fixtureUrl}/redirect-out` }), 400, /127\.0\.0\.2/);
    expectError(await importInto(editor, spaceId, { source: 'markdown', url: `${fixtureUrl}/missing.md` }), 400, /404/);
  });

  it.each([
    ['traversal', /\.\./],
    ['symlink', /symlink|symbolic/i],
    ['bomb', /bytes|large|limit/i],
    ['not-a-zip', /zip/i],
  ])('refuses the %s zip with the reason, importing nothing', async (name, reason) => {
    expectError(await importInto(editor, spaceId, { source: 'zip', url: `${fixtureUrl}/${name}.zip` }), 400, reason);
  });

  it('needs edit on the space: read members get 403, non-members 404; a locked space answers 409', async () => {
    expectError(await importInto(reader, spaceId, { source: 'markdown', url: `${fixtureUrl}/guide.md` }), 403);
    expectError(await importInto(outsider, spaceId, { source: 'markdown', url: `${fixtureUrl}/guide.md` }), 404);
    expectError(await outsider.get(`/v1/spaces/${spaceId}/content`), 404);
    expect((await org.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'locked' })).status).toBe(200);
    expectError(await importInto(editor, spaceId, { source: 'markdown', url: `${fixtureUrl}/guide.md` }), 409, /locked/);
    expect((await org.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'live' })).status).toBe(200);
  });

  it('answers 404 for unknown or malformed pages, files and revisions', async () => {
    for (const path of ['content/page/nope', 'content/files/nope', 'revisions/nope', 'content/page/%00', 'revisions/a%00b/pages']) {
      expectError(await org.api.get(`/v1/spaces/${spaceId}/${path}`), 404);
    }
    expectError(await editor.post(`/v1/spaces/${spaceId}/content/page/nope/import`, { source: 'markdown', url: `${fixtureUrl}/guide.md` }), 404, /Page nope/);
  });
});
