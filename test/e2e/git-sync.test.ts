import { GitBookAPI } from '@gitbook/api';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { readEvents } from '../support/kafka-events';
import { buildMember, buildOrganization, buildUser, unique, type OrgClient } from '../support/factories';
import { commitNestedTrees, git, pushZerosFile, startGitServer, type GitServer } from '../support/git-server';
import { validateOperationResponse } from '../support/reference';
import { databaseMentions, filesContaining } from '../support/secrets-at-rest';
import { currentStack } from '../support/stack';

// Git Sync through the official client (importGitRepository, exportToGitRepository,
// getSpaceGitInfo) against a real Git server (Debian's git-http-backend) on 127.0.0.1, in GitBook's
// repository layout, checked with the real git CLI.

const stack = currentStack();
let org: OrgClient;
let adminToken: string;
let editor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let server: GitServer;
let secured: GitServer;
const CREDENTIALS = { user: 'quire-bot', token: `tok_${unique()}_s3cr3t` };

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A repository as GitBook's Git Sync writes one. */
const GITBOOK_REPO: Record<string, string | Buffer> = {
  'README.md': '# Welcome\n\nStart with [the install guide](guide/install.md).\n',
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '',
    '## Guides',
    '',
    '* [Guide](guide/README.md)',
    '  * [Install](guide/install.md)',
    '  * [Configure Ünïcode](guide/configure.md)',
    '* [Website](https://example.com/docs)',
    '',
  ].join('\n'),
  'guide/README.md': '---\ndescription: Everything about the guide\nicon: compass\n---\n\n# Guide\n\nSee [install](install.md).\n',
  'guide/install.md': '# Install\n\n![Logo](<../.gitbook/assets/My Logo.png>)\n\nRun the installer.\n',
  // Not an icon name (the API's rule): dropped, the import goes on.
  'guide/configure.md': '---\nicon: Bad Icon!\nhidden: true\n---\n\n# Configure Ünïcode\n\nBack to [the guide](./).\n',
  '.gitbook/assets/My Logo.png': PNG,
};

const client = (token: string) => new GitBookAPI({ authToken: token, endpoint: stack.url });

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Git Sync org');
  adminToken = own.admin.token;
  org = { id: own.id, api: apiClient(stack, own.admin.token) };
  editor = apiClient(stack, (await buildMember(stack, own.id, 'edit')).token);
  reader = apiClient(stack, (await buildMember(stack, own.id, 'read')).token);
  outsider = apiClient(stack, (await buildUser(stack, 'outsider')).token);
  server = await startGitServer({ host: '0.0.0.0' });
  secured = await startGitServer({ auth: CREDENTIALS });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await secured?.close();
});

async function newSpace(title = 'Synced'): Promise<string> {
  const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

interface Operation {
  id: string;
  state: 'running' | 'success' | 'failure';
  direction: string;
  stage: string;
  error?: string;
  revisionId?: string;
  commitId?: string;
}

/** Waits for the space's newest operation to end and answers it (validated against the document's schema). */
async function settled(spaceId: string, ms = 60_000): Promise<Operation> {
  let op: Operation | undefined;
  await eventually(async () => {
    const res = await org.api.get(`/v1/spaces/${spaceId}/git/operations/latest`);
    op = res.status === 200 ? (res.body as Operation) : undefined;
    return op !== undefined && op.state !== 'running';
  }, ms);
  return op!;
}

async function importInto(spaceId: string, url: string, extra: Record<string, unknown> = {}): Promise<Operation> {
  const res = await client(adminToken).spaces.importGitRepository(spaceId, { url, ref: 'refs/heads/main', ...extra });
  expect(res.status).toBe(204);
  return settled(spaceId);
}

async function exportFrom(spaceId: string, url: string, extra: Record<string, unknown> = {}): Promise<Operation> {
  const res = await client(adminToken).spaces.exportToGitRepository(spaceId, { url, ref: 'refs/heads/main', commitMessage: 'Docs from Quire', ...extra });
  expect(res.status).toBe(204);
  return settled(spaceId);
}

interface TreePage {
  id: string;
  type: string;
  title: string;
  slug?: string;
  path?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  documentId?: string;
  git?: { oid: string; path: string };
  target?: { url?: string };
  pages?: TreePage[];
}
const outline = (pages: TreePage[], depth = 0): string[] =>
  pages.flatMap((p) => [
    `${'  '.repeat(depth)}${p.type}:${p.title}${p.type === 'document' ? ` /${p.path}` : ''}${p.hidden ? ' hidden' : ''}${p.target?.url ? ` -> ${p.target.url}` : ''}`,
    ...outline(p.pages ?? [], depth + 1),
  ]);
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

async function content(spaceId: string) {
  const res = await org.api.get(`/v1/spaces/${spaceId}/content`);
  expect(res.status).toBe(200);
  return res.body as {
    id: string;
    pages: TreePage[];
    files: { id: string; name: string; git?: { oid: string; path: string } }[];
    git?: Record<string, unknown>;
  };
}

async function markdownOf(spaceId: string, pageId: string): Promise<string> {
  const res = await org.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`);
  expect(res.status).toBe(200);
  return res.body.markdown as string;
}

describe('import', () => {
  it("imports a GitBook repository as it is: SUMMARY.md's tree, groups, links, front matter, assets and git blobs", async () => {
    const repo = `gitbook-${unique()}`;
    const head = server.createRepository(repo, GITBOOK_REPO) && git(server.path(repo), 'rev-parse', 'refs/heads/main');
    const spaceId = await newSpace();
    const op = await importInto(spaceId, server.url(repo), { gitInfo: { provider: 'github', url: 'https://github.com/acme/docs/tree/main' } });
    expect(op).toMatchObject({ state: 'success', direction: 'import', stage: 'finalize', commitId: head });

    const tree = await content(spaceId);
    expect(outline(tree.pages)).toEqual([
      'document:Welcome /welcome',
      'group:Guides',
      '  document:Guide /guide',
      '    document:Install /guide/install',
      '    document:Configure Ünïcode /guide/configure hidden',
      '  link:Website -> https://example.com/docs',
    ]);
    const pages = flatten(tree.pages);
    const byTitle = (title: string) => pages.find((p) => p.title === title)!;
    expect(byTitle('Guide').description).toBe('Everything about the guide');
    expect(byTitle('Guide').icon).toBe('compass');
    expect(byTitle('Configure Ünïcode')).not.toHaveProperty('icon');
    expect(tree.files.map((f) => f.name)).toEqual(['My Logo.png']);
    // Links between pages and to assets resolve (written relative to the page's file, as Quire stores them).
    const install = await org.api.get(`/v1/spaces/${spaceId}/content/page/${byTitle('Install').id}?format=document`);
    expect(JSON.stringify(install.body.document)).toContain(`"file":"${tree.files[0]!.id}"`);
    expect(await markdownOf(spaceId, byTitle('Welcome').id)).toMatch(/\[the install guide\]\(guide\/install\.md\)/);

    // Every page and file carries its blob in the commit, as the real git CLI sees it.
    for (const page of pages.filter((p) => p.type === 'document')) {
      expect(page.git).toBeDefined();
      expect(page.git!.oid).toBe(git(server.path(repo), 'rev-parse', `${head}:${page.git!.path}`));
    }
    expect(tree.files[0]!.git).toEqual({
      oid: git(server.path(repo), 'rev-parse', `${head}:.gitbook/assets/My Logo.png`),
      path: '.gitbook/assets/My Logo.png',
    });
    expect(tree.git).toMatchObject({ oid: head, createdByGitBook: false, ref: 'refs/heads/main' });

    const info = await client(adminToken).spaces.getSpaceGitInfo(spaceId);
    expect(info.data).toMatchObject({ repoName: repo, installationProvider: 'github', url: 'https://github.com/acme/docs/tree/main' });
    validateOperationResponse('getSpaceGitInfo', 200, info.data);
    expect(info.data).toMatchObject({ installationId: spaceId, installationStatus: 'active', operation: { state: 'success', direction: 'import' } });
    const space = await org.api.get(`/v1/spaces/${spaceId}`);
    const { operation, ...state } = info.data as typeof info.data & { operation: unknown };
    expect(operation).toBeDefined();
    expect(space.body.gitSync).toEqual(state);

    // On the bus (distributed: Kafka itself): started, then completed with the revision and the commit.
    if (stack.localStack) {
      const events = await readEvents(
        'content.events',
        (e) => e.data.operationId === op.id,
        (seen) => seen.length >= 2,
      );
      expect(events.map((e) => e.type)).toEqual(['space.gitsync-started', 'space.gitsync-completed']);
      expect(events[1]!.data).toMatchObject({ spaceId, direction: 'import', state: 'success', revisionId: tree.id, commitId: head });
    }
    validateOperationResponse('getSpace', 200, space.body);
    validateOperationResponse('getCurrentRevision', 200, tree);
  });

  it('imports incrementally: one changed file of the repository is one new body, every other page keeps its id and body', async () => {
    const repo = `incremental-${unique()}`;
    server.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    expect((await importInto(spaceId, server.url(repo))).state).toBe('success');
    const before = flatten((await content(spaceId)).pages);

    server.commitFiles(repo, { 'guide/install.md': '# Install\n\nRun the new installer.\n' }, 'Edit install');
    const op = await importInto(spaceId, server.url(repo));
    expect(op.state).toBe('success');
    const after = flatten((await content(spaceId)).pages);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    const changed = after.filter((p, i) => p.documentId !== before[i]!.documentId).map((p) => p.title);
    expect(changed).toEqual(['Install']);
    expect(await markdownOf(spaceId, after.find((p) => p.title === 'Install')!.id)).toContain('Run the new installer.');
  });

  it('imports a folder of markdown without SUMMARY.md, and a monorepo folder with repoProjectDirectory', async () => {
    const repo = `mono-${unique()}`;
    server.createRepository(repo, {
      'src/index.js': 'console.log(1)\n',
      'docs/README.md': '# Handbook\n\nHello.\n',
      'docs/setup.md': '# Setup\n\nSteps.\n',
      'docs/setup/linux.md': '# Linux\n\nApt.\n',
    });
    const spaceId = await newSpace();
    const op = await importInto(spaceId, server.url(repo), { repoProjectDirectory: 'docs' });
    expect(op.state).toBe('success');
    expect(outline((await content(spaceId)).pages)).toEqual(['document:Handbook /handbook', 'document:Setup /setup', '  document:Linux /setup/linux']);
  });

  it("ends as failure with the reason when the ref does not exist, and keeps the space's content", async () => {
    const repo = `noref-${unique()}`;
    server.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    const revision = (await content(spaceId)).id;
    const res = await client(adminToken).spaces.importGitRepository(spaceId, { url: server.url(repo), ref: 'refs/heads/nope' });
    expect(res.status).toBe(204);
    const op = await settled(spaceId);
    expect(op).toMatchObject({ state: 'failure', direction: 'import' });
    expect(op.error).toMatch(/refs\/heads\/nope/);
    // A failed operation is complete too (it once had no completedAt).
    const { startedAt, completedAt } = op as Operation & { startedAt: string; completedAt?: string };
    expect(Date.parse(completedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(startedAt));
    expect((await content(spaceId)).id).toBe(revision);
  });
});

describe('export', () => {
  it('pushes the space in the layout import reads: the real git CLI sees the commit, and an import of it into another space gives the same content', async () => {
    const source = `source-${unique()}`;
    server.createRepository(source, GITBOOK_REPO);
    const spaceId = await newSpace('Exported');
    expect((await importInto(spaceId, server.url(source))).state).toBe('success');

    const target = `target-${unique()}`;
    server.createRepository(target);
    const op = await exportFrom(spaceId, server.url(target));
    expect(op).toMatchObject({ state: 'success', direction: 'export' });
    const bare = server.path(target);
    expect(git(bare, 'rev-parse', 'refs/heads/main')).toBe(op.commitId);
    const message = git(bare, 'log', '-1', '--format=%B', 'refs/heads/main');
    expect(message).toMatch(/^Docs from Quire/);
    expect(message).toContain(`Quire-Space: ${spaceId}`);
    expect(git(bare, 'show', 'refs/heads/main:SUMMARY.md')).toMatch(/## Guides/);
    // GitBook's layout: the first page is README.md at the root (GitHub shows it), a page with children `<slug>/README.md`.
    const tree = git(bare, 'ls-tree', '-r', '--name-only', 'refs/heads/main').split('\n');
    expect(tree.sort()).toEqual(
      ['.gitbook.yaml', '.gitbook/assets/My Logo.png', 'README.md', 'SUMMARY.md', 'guide/README.md', 'guide/configure.md', 'guide/install.md'].sort(),
    );
    expect(git(bare, 'show', 'refs/heads/main:README.md')).toBe(String(GITBOOK_REPO['README.md']).trim());
    expect(git(bare, 'show', 'refs/heads/main:guide/README.md')).toBe(String(GITBOOK_REPO['guide/README.md']).trim());
    expect(git(bare, 'show', 'refs/heads/main:SUMMARY.md')).toContain('* [Welcome](README.md)');
    expect(git(bare, 'show', 'refs/heads/main:SUMMARY.md')).toContain('* [Guide](guide/README.md)');
    expect(git(bare, 'show', 'refs/heads/main:.gitbook.yaml')).toContain('readme: README.md');
    const exportedPages = flatten((await content(spaceId)).pages);
    expect(exportedPages.find((p) => p.title === 'Guide')?.git?.path).toBe('guide/README.md');
    expect(exportedPages.find((p) => p.title === 'Welcome')?.git?.path).toBe('README.md');
    execFileSync('git', ['-C', bare, 'fsck', '--strict'], { stdio: 'pipe' });

    // The exported revision records the commit as Quire's own; importing it back into the same space is skipped.
    const exported = await content(spaceId);
    expect(exported.git).toMatchObject({ oid: op.commitId, createdByGitBook: true });
    const again = await importInto(spaceId, server.url(target));
    expect(again).toMatchObject({ state: 'success', revisionId: exported.id });

    // Round trip: another space imports the commit and gets the same tree, bodies and files.
    const copy = await newSpace('Copy');
    expect((await importInto(copy, server.url(target))).state).toBe('success');
    const strip = (pages: TreePage[]): unknown[] =>
      pages.map((p) => ({
        type: p.type,
        title: p.title,
        path: p.path,
        description: p.description,
        icon: p.icon,
        hidden: p.hidden,
        target: p.target?.url,
        pages: strip(p.pages ?? []),
      }));
    const copied = await content(copy);
    expect(strip(copied.pages)).toEqual(strip(exported.pages));
    expect(flatten(copied.pages).map((p) => p.documentId)).toEqual(flatten(exported.pages).map((p) => p.documentId));
    expect(copied.files.map((f) => f.name)).toEqual(exported.files.map((f) => f.name));
  });

  it('a one-page change makes one commit that changes one file and shares every other object with its parent', async () => {
    const repo = `one-page-${unique()}`;
    server.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    expect((await importInto(spaceId, server.url(repo))).state).toBe('success');
    expect((await exportFrom(spaceId, server.url(repo), { force: true })).state).toBe('success');

    const install = flatten((await content(spaceId)).pages).find((p) => p.title === 'Install')!;
    const cr = await org.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit install' });
    const edit = { changes: [{ operation: 'update_page', page: install.id, document: { markdown: 'Run the faster installer.\n' } }] };
    expect((await org.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content`, edit)).status).toBe(200);
    expect((await org.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/merge`, {})).status).toBe(200);

    const op = await exportFrom(spaceId, server.url(repo));
    expect(op.state).toBe('success');
    const bare = server.path(repo);
    expect(git(bare, 'diff', '--name-only', 'refs/heads/main~1', 'refs/heads/main').split('\n')).toEqual([install.git!.path]);
    expect(git(bare, 'show', `refs/heads/main:${install.git!.path}`)).toContain('Run the faster installer.');
  });

  it('refuses to overwrite commits pushed since the last sync (failure), unless forced', async () => {
    const repo = `moved-${unique()}`;
    server.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    expect((await importInto(spaceId, server.url(repo))).state).toBe('success');
    const theirs = server.commitFiles(repo, { 'guide/install.md': '# Install\n\nTheir change.\n' }, 'Someone else');

    const refused = await exportFrom(spaceId, server.url(repo));
    expect(refused.state).toBe('failure');
    expect(refused.error).toMatch(/moved since the last sync/);
    expect(git(server.path(repo), 'rev-parse', 'refs/heads/main')).toBe(theirs);

    const forced = await exportFrom(spaceId, server.url(repo), { force: true });
    expect(forced.state).toBe('success');
    expect(git(server.path(repo), 'rev-parse', 'refs/heads/main~1')).toBe(theirs);
  });
});

describe('rules', () => {
  it('refuses non-http remotes and bad refs naming the field; only space admins sync; others see nothing', async () => {
    const spaceId = await newSpace();
    for (const url of [
      'file:///etc/passwd',
      'ssh://git@example.com/acme/docs.git',
      'git://example.com/docs.git',
      '/srv/repos/docs.git',
      'git@github.com:acme/docs.git',
    ]) {
      expectError(await org.api.post(`/v1/spaces/${spaceId}/git/import`, { url, ref: 'refs/heads/main' }), 400, /"url"/);
    }
    expectError(await org.api.post(`/v1/spaces/${spaceId}/git/import`, { url: server.url('x'), ref: 'refs/heads/../x' }), 400, /"ref"/);
    expectError(await org.api.post(`/v1/spaces/${spaceId}/git/export`, { url: server.url('x'), ref: 'refs/heads/main' }), 400, /"commitMessage"/);
    expectError(await editor.post(`/v1/spaces/${spaceId}/git/import`, { url: server.url('x'), ref: 'refs/heads/main' }), 403);
    expectError(await reader.post(`/v1/spaces/${spaceId}/git/export`, { url: server.url('x'), ref: 'refs/heads/main', commitMessage: 'x' }), 403);
    expectError(await outsider.post(`/v1/spaces/${spaceId}/git/import`, { url: server.url('x'), ref: 'refs/heads/main' }), 404);
    expectError(await org.api.get(`/v1/spaces/${spaceId}/git/info`), 404, /never been synced/);
    expectError(await outsider.get(`/v1/spaces/${spaceId}/git/info`), 404);
    expectError(await outsider.get(`/v1/spaces/${spaceId}/git/operations/latest`), 404);
  });

  it('one operation per space at a time: a second request while one runs answers 409', async () => {
    const repo = `busy-${unique()}`;
    server.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    server.delayMs = 1500;
    try {
      expect((await org.api.post(`/v1/spaces/${spaceId}/git/import`, { url: server.url(repo), ref: 'refs/heads/main' })).status).toBe(204);
      expectError(
        await org.api.post(`/v1/spaces/${spaceId}/git/export`, { url: server.url(repo), ref: 'refs/heads/main', commitMessage: 'x' }),
        409,
        /already running/,
      );
    } finally {
      server.delayMs = 0;
    }
    expect((await settled(spaceId)).state).toBe('success');
  });

  it('refuses a private, loopback or link-local remote that is not allow-listed, without contacting it', async () => {
    const repo = `ssrf-${unique()}`;
    server.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    const seen = server.requests.length;
    const forbidden = server.url(repo).replace('127.0.0.1', '127.0.0.2');
    const op = await importInto(spaceId, forbidden);
    expect(op.state).toBe('failure');
    expect(op.error).toMatch(/127\.0\.0\.2.*(private|loopback|reserved)/);
    expect(server.requests.slice(seen).filter((r) => r.localAddress === '127.0.0.2')).toEqual([]);
  });

  it('uses credentials in the URL for the operation and never shows or keeps them in clear', async () => {
    const repo = `private-${unique()}`;
    secured.createRepository(repo, GITBOOK_REPO);
    const spaceId = await newSpace();
    // The links shown to readers may be given with credentials too: they are kept without them.
    const withToken = (path: string) => `https://${CREDENTIALS.user}:${CREDENTIALS.token}@git.example.com/acme/docs/${path}`;
    const op = await importInto(spaceId, secured.url(repo, CREDENTIALS), {
      repoTreeURL: withToken('tree/main'),
      repoCommitURL: withToken('commit'),
      gitInfo: { provider: 'github', url: withToken('tree/main/docs') },
    });
    expect(op.state).toBe('success');
    const info = await reader.get(`/v1/spaces/${spaceId}/git/info`);
    expect(info.status).toBe(200);
    expect(info.body.url).toBe('https://git.example.com/acme/docs/tree/main/docs');
    const revision = await reader.get(`/v1/spaces/${spaceId}/content`);
    expect(revision.body.git.url).toBe(`https://git.example.com/acme/docs/commit/${op.commitId}`);
    const wrong = await importInto(spaceId, secured.url(repo, { user: CREDENTIALS.user, token: 'wrong-token-value' }), { force: true });
    expect(wrong.state).toBe('failure');
    expect(wrong.error).toMatch(/auth|401|credential/i);
    expect(wrong.error).not.toContain('wrong-token-value');

    const answers = JSON.stringify([
      op,
      wrong,
      info.body,
      revision.body,
      (await org.api.get(`/v1/spaces/${spaceId}/git/info`)).body,
      (await reader.get(`/v1/spaces/${spaceId}`)).body,
      (await org.api.get(`/v1/spaces/${spaceId}/revisions/${revision.body.id}`)).body,
    ]);
    expect(answers).not.toContain(CREDENTIALS.token);
    expect(answers).toContain(`127.0.0.1`);
    expect(filesContaining(stack.logDir, CREDENTIALS.token)).toEqual([]);
    expect(await databaseMentions(stack, 'content', CREDENTIALS.token)).toEqual([]);
  });
});

describe('limits and jobs', () => {
  it('refuses a 600 MB blob of zeros (a 600 KB pack) naming the limit, while the process running it grows by less than 200 MB', async () => {
    const repo = `zeros-${unique()}`;
    pushZerosFile(server.createRepository(repo), 'zeros.bin', 600 * 1024 * 1024);
    const spaceId = await newSpace();
    const memory = sampleMemory(syncProcesses());
    const op = await importInto(spaceId, server.url(repo));
    const grownMb = memory.stop();
    expect(op.state).toBe('failure');
    expect(op.error).toMatch(/629145600 bytes, more than the limit of \d+ \(CONTENT_GIT_SYNC_MAX_FILE_BYTES\)/);
    expect(grownMb).toBeLessThan(200);
  }, 120_000);

  it('refuses 16⁴ nested empty trees (a 2 KB pack) fast, naming the limit on objects', async () => {
    const repo = `nested-${unique()}`;
    commitNestedTrees(server.createRepository(repo), 16, 4);
    const spaceId = await newSpace();
    const started = Date.now();
    const op = await importInto(spaceId, server.url(repo));
    expect(op.state).toBe('failure');
    expect(op.error).toMatch(/more than the limit of \d+ objects \(CONTENT_GIT_SYNC_MAX_OBJECTS\)/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("runs another space's import while one waits on a remote that accepts and never answers; the stuck one fails on the idle timeout", async () => {
    const silent: Server = createServer(() => undefined);
    let connections = 0;
    silent.on('connection', () => connections++);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const stuck = await newSpace('Stuck');
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/never.git`;
      expect((await org.api.post(`/v1/spaces/${stuck}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
      await eventually(async () => connections > 0, 20_000);

      const repo = `beside-${unique()}`;
      server.createRepository(repo, GITBOOK_REPO);
      const other = await newSpace('Beside');
      const started = Date.now();
      expect((await importInto(other, server.url(repo))).state).toBe('success');
      expect(Date.now() - started).toBeLessThan(20_000);
      const meanwhile = await org.api.get(`/v1/spaces/${stuck}/git/operations/latest`);
      expect(meanwhile.body.state).toBe('running');

      const ended = await settled(stuck, 90_000);
      expect(ended.state).toBe('failure');
      expect(ended.error).toMatch(/nothing received for \d+ ms/);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 150_000);
});

/** The processes that run Git Sync jobs: the embedded process, or every copy of content. */
function syncProcesses(): number[] {
  const pids = Object.entries(stack.pids).filter(([key]) => key === 'embedded' || key === 'content' || key.startsWith('content#'));
  return pids.map(([, pid]) => pid!).filter(Boolean);
}

/** Samples the resident memory of `pids` every 20 ms; `stop` answers the largest growth of one, in MB. */
function sampleMemory(pids: number[]): { stop: () => number } {
  const rssKb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const baseline = new Map(pids.map((pid) => [pid, rssKb(pid)]));
  let grownKb = 0;
  const sample = () => {
    for (const pid of pids) grownKb = Math.max(grownKb, rssKb(pid) - baseline.get(pid)!);
  };
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return grownKb / 1024;
    },
  };
}
