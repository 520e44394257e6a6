import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboundAddressPolicy, OutboundFetcher, type OutboundRequestOptions } from '@quire/platform/outbound';
import { blobOid, fetchTree, GitSyncError, headOf, pushTree, type GitRemoteDeps, type GitRemoteLimits } from '../src/modules/git-sync/domain/git-remote';
import { DEFAULT_GIT_SYNC_LIMITS } from '../src/settings';
import { commitNestedTrees, git, pushZerosFile, startGitServer, type GitServer } from '../../../test/support/git-server';

// The Git transport against a real Git server (Debian's git-http-backend behind a loopback http
// server), checked with the real git CLI. The fetcher allow-lists 127.0.0.1 only, as an operator
// would with OUTBOUND_ALLOW_HOSTS.

const CREDENTIALS = { user: 'quire-bot', token: 'tok-5ecr3t-9f8e7d' };
let open: GitServer;
let guarded: GitServer;
const fetcher = new OutboundFetcher(new OutboundAddressPolicy(['127.0.0.1']));
const workDirs: string[] = [];

beforeAll(async () => {
  [open, guarded] = await Promise.all([startGitServer(), startGitServer({ auth: CREDENTIALS })]);
});
afterAll(async () => {
  await fetcher.close();
  await Promise.all([open.close(), guarded.close()]);
});
afterEach(() => {
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function deps(limits: Partial<GitRemoteLimits> = {}, via: GitRemoteDeps['fetcher'] = fetcher): GitRemoteDeps {
  const workDir = mkdtempSync(join(tmpdir(), 'quire-git-remote-'));
  workDirs.push(workDir);
  // The stage limit only bounds a hang here (the tests that time a stage set their own): a loaded
  // machine running two test files at once has taken over 20 s for the 600 MB blob's fetch.
  return { fetcher: via, limits: { ...DEFAULT_GIT_SYNC_LIMITS, stageTimeoutMs: 60_000, ...limits }, workDir };
}

async function failure(promise: Promise<unknown>): Promise<GitSyncError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GitSyncError);
  return err as GitSyncError;
}

/** `git ls-tree -r` as path → blob oid. */
function lsTree(bare: string, treeish = 'main'): Record<string, string> {
  const lines = git(bare, '-c', 'core.quotePath=false', 'ls-tree', '-r', treeish).split('\n').filter(Boolean);
  return Object.fromEntries(lines.map((line) => [line.split('\t')[1]!, line.split(/\s+/)[2]!]));
}

const SEED = {
  'README.md': '# Handbook\n',
  'docs/intro.md': 'Welcome.\n',
  'docs/guides/setup.md': 'Install it.\n',
  'docs/guides/ünïcode naïve.md': 'Names are UTF-8.\n',
  'assets/logo.svg': '<svg/>',
};
const asFiles = (files: Record<string, string>) => Object.entries(files).map(([path, text]) => ({ path, bytes: Buffer.from(text) }));
const author = { name: 'Ada Lovelace', email: 'ada@example.com' };

describe('fetchTree and headOf', () => {
  it('reads the files and oids the git CLI lists at the branch', async () => {
    const bare = open.createRepository('fetch-seeded', SEED);
    const head = git(bare, 'rev-parse', 'main');
    const fetched = await fetchTree({ url: open.url('fetch-seeded'), ref: 'main' }, deps());
    expect(fetched.commitOid).toBe(head);
    expect(fetched.commitMessage.trim()).toBe('seed');
    expect(Object.fromEntries(fetched.files.map((f) => [f.path, f.oid]))).toEqual(lsTree(bare));
    for (const file of fetched.files) {
      expect(file.bytes.toString()).toBe(SEED[file.path as keyof typeof SEED]);
      expect(blobOid(file.bytes)).toBe(file.oid);
    }
    expect(await headOf({ url: open.url('fetch-seeded'), ref: 'refs/heads/main' }, deps())).toBe(head);
    expect(await headOf({ url: open.url('fetch-seeded'), ref: 'HEAD' }, deps())).toBe(head);
    expect(await headOf({ url: open.url('fetch-seeded'), ref: 'gone' }, deps())).toBeNull();
  });

  it('reads one folder, with paths relative to it', async () => {
    open.createRepository('fetch-folder', SEED);
    const fetched = await fetchTree({ url: open.url('fetch-folder'), ref: 'main' }, { ...deps(), directory: 'docs/' });
    expect(fetched.files.map((f) => f.path)).toEqual(['guides/setup.md', 'guides/ünïcode naïve.md', 'intro.md']);
    const missing = await fetchTree({ url: open.url('fetch-folder'), ref: 'main' }, { ...deps(), directory: 'nowhere' });
    expect(missing.files).toEqual([]);
  });

  it('names a missing ref, a missing repository and a dangling remote HEAD', async () => {
    open.createRepository('fetch-errors', SEED);
    expect((await failure(fetchTree({ url: open.url('fetch-errors'), ref: 'develop' }, deps()))).kind).toBe('ref-not-found');
    const notFound = await failure(fetchTree({ url: open.url('no-such-repository'), ref: 'main' }, deps()));
    expect([notFound.kind, notFound.details.status]).toEqual(['repository-not-found', 404]);

    const bare = open.createRepository('fetch-dangling', SEED);
    git(bare, 'symbolic-ref', 'HEAD', 'refs/heads/master'); // what `git init --bare` leaves behind
    const dangling = await failure(fetchTree({ url: open.url('fetch-dangling'), ref: 'main' }, deps()));
    expect(dangling.kind).toBe('dangling-head');
    expect(dangling.message).toMatch(/default branch/);
    expect((await failure(headOf({ url: open.url('fetch-dangling'), ref: 'HEAD' }, deps()))).kind).toBe('dangling-head');
    expect((await failure(pushTree({ url: open.url('fetch-dangling'), ref: 'main' }, asFiles(SEED), { message: 'm' }, deps()))).kind).toBe('dangling-head');
  });

  it('refuses ref names Git would not accept', async () => {
    const url = open.url('anything');
    for (const ref of ['bad..name', 'refs/heads/x.lock', 'with space', 'a~1', '']) {
      expect((await failure(fetchTree({ url, ref }, deps()))).kind).toBe('invalid-ref');
    }
    expect((await failure(pushTree({ url, ref: 'HEAD' }, [], { message: 'm' }, deps()))).kind).toBe('invalid-ref');
  });

  it('refuses too many files, a too large file and a too large repository', async () => {
    open.createRepository('fetch-limits', { ...SEED, 'big.bin': 'x'.repeat(50_000) });
    const url = open.url('fetch-limits');
    const tooMany = await failure(fetchTree({ url, ref: 'main' }, deps({ maxFiles: 3 })));
    expect([tooMany.kind, tooMany.details.limit]).toEqual(['too-large', 'maxFiles']);
    const tooBig = await failure(fetchTree({ url, ref: 'main' }, deps({ maxFileBytes: 10_000 })));
    expect([tooBig.kind, tooBig.details.limit]).toEqual(['too-large', 'maxFileBytes']);
    // Refused from the pack's object headers, before any tree is read: the size, not the path.
    expect(tooBig.message).toMatch(/blob of 50000 bytes, more than the limit of 10000/);
    const repoTooBig = await failure(fetchTree({ url, ref: 'main' }, deps({ maxRepoBytes: 1_000 })));
    expect([repoTooBig.kind, repoTooBig.details.limit]).toEqual(['too-large', 'maxRepoBytes']);
  });
});

describe('the limits of a fetch, before anything is inflated', () => {
  it('refuses a 583 KB pack of one 600 MB blob of zeros from its header, naming maxFileBytes, while memory grows by less than 200 MB', async () => {
    const name = 'zeros-600m';
    pushZerosFile(open.createRepository(name), 'zeros.bin', 600 * 1024 * 1024);
    // The git CLI held this process's loop for seconds: let the server drop its stale kept-alive sockets first.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const before = memoryKb('VmRSS');
    writeFileSync('/proc/self/clear_refs', '5'); // the peak (VmHWM) starts again from now
    const tooBig = await failure(fetchTree({ url: open.url(name), ref: 'main' }, deps()));
    const grownMb = (memoryKb('VmHWM') - before) / 1024;
    expect([tooBig.kind, tooBig.details.limit]).toEqual(['too-large', 'maxFileBytes']);
    // The default limit (settings.ts, one set of defaults: 50 MB).
    expect(tooBig.message).toContain(`629145600 bytes, more than the limit of ${DEFAULT_GIT_SYNC_LIMITS.maxFileBytes}`);
    expect(grownMb).toBeLessThan(200);
  }, 120_000);

  it('counts objects inflated, not only bytes on the wire, against maxRepoBytes', async () => {
    const name = 'zeros-3m';
    open.createRepository(name, { 'a.bin': Buffer.alloc(3 * 1024 * 1024), 'README.md': '# Zeros\n' });
    const err = await failure(fetchTree({ url: open.url(name), ref: 'main' }, deps({ maxRepoBytes: 1024 * 1024 })));
    expect([err.kind, err.details.limit]).toEqual(['too-large', 'maxRepoBytes']);
    expect(err.message).toMatch(/inflate to more than the limit of 1048576 bytes/);
  });

  it('refuses 16⁴ nested empty trees (a 2 KB pack) quickly, naming maxObjects; each tree is read once', async () => {
    const name = 'nested-trees';
    commitNestedTrees(open.createRepository(name), 16, 4);

    const started = process.cpuUsage();
    const err = await failure(fetchTree({ url: open.url(name), ref: 'main' }, deps()));
    const cpuMs = (process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000;
    expect([err.kind, err.details.limit]).toEqual(['too-large', 'maxObjects']);
    expect(err.message).toMatch(/more than the limit of 50000 objects/);
    expect(cpuMs).toBeLessThan(3_000);
    // Within a limit that admits them, the 69,904 entries are walked once each: a tree is read once.
    const walked = await fetchTree({ url: open.url(name), ref: 'main' }, deps({ maxObjects: 70_000 }));
    expect(walked.files).toEqual([]);
  });

  it('refuses a pack of more objects than maxObjects before reading them', async () => {
    open.createRepository('many-objects', SEED);
    const err = await failure(fetchTree({ url: open.url('many-objects'), ref: 'main' }, deps({ maxObjects: 5 })));
    expect([err.kind, err.details.limit]).toEqual(['too-large', 'maxObjects']);
    expect(err.message).toMatch(/has \d+ objects, more than the limit of 5/);
  });

  it('gives up on a remote that accepts and never answers after idleTimeoutMs, long before the stage time', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/repo.git`;
      const started = Date.now();
      const idle = await failure(fetchTree({ url, ref: 'main' }, deps({ idleTimeoutMs: 300, stageTimeoutMs: 60_000 })));
      expect(idle.kind).toBe('timeout');
      expect(idle.message).toMatch(/nothing received for 300 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('pushTree', () => {
  it('creates the branch of an empty repository', async () => {
    const bare = open.createRepository('push-empty');
    const result = await pushTree({ url: open.url('push-empty'), ref: 'main' }, asFiles(SEED), { message: 'Import from Quire', author }, deps());
    expect(result.parentOid).toBeNull();
    expect(result.commitOid).toBe(git(bare, 'rev-parse', 'main'));
    expect(git(bare, 'log', '--format=%an <%ae>|%cn|%s|%P', 'main')).toBe('Ada Lovelace <ada@example.com>|Quire|Import from Quire|');
    expect(git(bare, 'show', 'main:docs/guides/setup.md')).toBe('Install it.');
    expect(lsTree(bare)).toEqual(Object.fromEntries(asFiles(SEED).map((f) => [f.path, blobOid(f.bytes)])));
    expect(result.objectsPushed).toBe(5 + 4 + 1); // blobs, trees (root, docs, docs/guides, assets), commit
    git(bare, 'fsck', '--strict');
  });

  it('commits on top of an existing branch, writing one folder and keeping the rest', async () => {
    const bare = open.createRepository('push-folder', SEED);
    const seed = git(bare, 'rev-parse', 'main');
    const files = [{ path: 'intro.md', bytes: Buffer.from('Welcome back.\n') }];
    const result = await pushTree(
      { url: open.url('push-folder'), ref: 'refs/heads/main' },
      files,
      { message: 'Sync', directory: 'docs', expectedParent: seed },
      deps(),
    );
    expect(result.parentOid).toBe(seed);
    expect(git(bare, 'log', '--format=%H %P %an', '-1', 'main')).toBe(`${result.commitOid} ${seed} Quire`);
    expect(Object.keys(lsTree(bare)).sort()).toEqual(['README.md', 'assets/logo.svg', 'docs/intro.md']);
    expect(git(bare, 'show', 'main:docs/intro.md')).toBe('Welcome back.');
    expect(lsTree(bare)['assets/logo.svg']).toBe(lsTree(bare, seed)['assets/logo.svg']);
    git(bare, 'fsck', '--strict');
  });

  it('sends only the new blob, the trees on its path and the commit after a one-file change', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 300; i++) many[`section-${i % 10}/chapter-${i % 3}/page-${i}.md`] = `Page ${i}\n`;
    const bare = open.createRepository('push-incremental', many);
    const remote = { url: open.url('push-incremental'), ref: 'main' };
    const edited = { ...many, 'section-4/chapter-1/page-34.md': 'Page 34, edited\n' };

    const looseBefore = looseObjects(bare);
    const requestsBefore = open.requests.length;
    const workDeps = deps();
    const first = await pushTree(remote, asFiles(edited), { message: 'Edit page 34', expectedParent: git(bare, 'rev-parse', 'main') }, workDeps);
    expect(first.objectsPushed).toBe(5); // blob, chapter-1, section-4, root, commit
    expect(looseObjects(bare) - looseBefore).toBe(first.objectsPushed); // what the server unpacked
    expect(git(bare, 'show', 'main:section-4/chapter-1/page-34.md')).toBe('Page 34, edited');
    git(bare, 'fsck', '--strict');
    // discover, fetch the parent (its own discovery and the pack), push
    expect(open.requests.slice(requestsBefore).map((r) => `${r.method} ${r.url.replace(/^\/[^/]+/, '')}`)).toEqual([
      'GET /info/refs?service=git-receive-pack',
      'GET /info/refs?service=git-upload-pack',
      'POST /git-upload-pack',
      'POST /git-receive-pack',
    ]);

    // A push sends a pack built in memory and keeps nothing on disk: the next one fetches its parent (depth 1).
    const requestsBetween = open.requests.length;
    const second = await pushTree(
      remote,
      asFiles({ ...edited, 'section-9/new.md': 'New\n' }),
      { message: 'Add a page', expectedParent: first.commitOid },
      workDeps,
    );
    expect(second.objectsPushed).toBe(4); // blob, section-9, root, commit
    expect(open.requests.slice(requestsBetween).map((r) => r.method)).toEqual(['GET', 'GET', 'POST', 'POST']);

    // Nothing changed: no commit.
    const unchanged = await pushTree(remote, asFiles({ ...edited, 'section-9/new.md': 'New\n' }), { message: 'Nothing' }, workDeps);
    expect(unchanged).toEqual({ commitOid: second.commitOid, objectsPushed: 0, parentOid: second.commitOid });
    expect(git(bare, 'rev-parse', 'main')).toBe(second.commitOid);
    git(bare, 'fsck', '--strict');
  });

  it('refuses a branch that moved from the expected parent, unless forced (without rewriting history)', async () => {
    const bare = open.createRepository('push-moved', SEED);
    const seen = git(bare, 'rev-parse', 'main');
    const theirs = open.commitFiles('push-moved', { 'CHANGELOG.md': 'Someone else.\n' }, 'Their change');
    const remote = { url: open.url('push-moved'), ref: 'main' };
    const refused = await failure(pushTree(remote, asFiles(SEED), { message: 'Ours', expectedParent: seen }, deps()));
    expect(refused.kind).toBe('non-fast-forward');
    expect(git(bare, 'rev-parse', 'main')).toBe(theirs);
    expect((await failure(pushTree(remote, asFiles(SEED), { message: 'Ours', expectedParent: null }, deps()))).kind).toBe('non-fast-forward');

    const forced = await pushTree(remote, asFiles(SEED), { message: 'Ours', expectedParent: seen, force: true }, deps());
    expect(forced.parentOid).toBe(theirs);
    expect(git(bare, 'log', '--format=%s', 'main')).toBe('Ours\nTheir change\nseed');
    expect(Object.keys(lsTree(bare))).not.toContain('CHANGELOG.md');
  });

  it('answers non-fast-forward when the branch moves between the discovery and the ref update', async () => {
    const bare = open.createRepository('push-race', SEED);
    const racing: GitRemoteDeps['fetcher'] = {
      request: (url: string, options?: OutboundRequestOptions) => {
        if (url.endsWith('/git-receive-pack')) open.commitFiles('push-race', { 'race.md': 'First.\n' }, 'Won the race');
        return fetcher.request(url, options);
      },
    };
    const lost = await failure(pushTree({ url: open.url('push-race'), ref: 'main' }, asFiles({ 'a.md': 'A\n' }), { message: 'Lost' }, deps({}, racing)));
    expect(lost.kind).toBe('non-fast-forward');
    expect(git(bare, 'log', '--format=%s', '-1', 'main')).toBe('Won the race');
  });

  it('reports a push the remote refuses', async () => {
    const bare = open.createRepository('push-hook', SEED);
    writeFileSync(join(bare, 'hooks', 'pre-receive'), '#!/bin/sh\necho "main is protected" >&2\nexit 1\n', { mode: 0o755 });
    const refused = await failure(pushTree({ url: open.url('push-hook'), ref: 'main' }, asFiles({ 'a.md': 'A\n' }), { message: 'No' }, deps()));
    expect(refused.kind).toBe('push-rejected');
    expect(refused.message).toMatch(/pre-receive hook declined/);
  });

  it('refuses paths a Git tree cannot hold', async () => {
    open.createRepository('push-paths');
    const remote = { url: open.url('push-paths'), ref: 'main' };
    for (const path of ['../escape.md', '.git/config', 'a//b.md', '/abs.md', 'x/./y.md']) {
      expect((await failure(pushTree(remote, [{ path, bytes: Buffer.from('x') }], { message: 'm' }, deps()))).kind).toBe('invalid-path');
    }
    const clash = [
      { path: 'a', bytes: Buffer.from('file') },
      { path: 'a/b.md', bytes: Buffer.from('under a folder of the same name') },
    ];
    expect((await failure(pushTree(remote, clash, { message: 'm' }, deps()))).kind).toBe('invalid-path');
  });
});

describe('what the transport may reach', () => {
  it('refuses a loopback remote that is not allow-listed, before any request', async () => {
    open.createRepository('ssrf', SEED);
    const strict = new OutboundFetcher(new OutboundAddressPolicy([]));
    const before = open.requests.length;
    try {
      const remote = { url: open.url('ssrf'), ref: 'main' };
      expect((await failure(fetchTree(remote, deps({}, strict)))).kind).toBe('refused');
      expect((await failure(headOf(remote, deps({}, strict)))).kind).toBe('refused');
      expect((await failure(pushTree(remote, asFiles(SEED), { message: 'm' }, deps({}, strict)))).kind).toBe('refused');
    } finally {
      await strict.close();
    }
    expect(open.requests.length).toBe(before);
  });

  it.each([
    ['file:///srv/git/docs.git'],
    ['ssh://git@example.com/docs.git'],
    ['git://example.com/docs.git'],
    ['git@example.com:team/docs.git'],
    ['/srv/git/docs.git'],
    ['../docs.git'],
  ])('refuses %s as invalid-url', async (url) => {
    const before = open.requests.length;
    expect((await failure(fetchTree({ url, ref: 'main' }, deps()))).kind).toBe('invalid-url');
    expect((await failure(pushTree({ url, ref: 'main' }, [], { message: 'm' }, deps()))).kind).toBe('invalid-url');
    expect(open.requests.length).toBe(before);
  });

  it('sends credentials from the URL as Basic auth and never shows them', async () => {
    const bare = guarded.createRepository('private', SEED);
    const good = guarded.url('private', CREDENTIALS);
    const workDeps = deps();
    const fetched = await fetchTree({ url: good, ref: 'main' }, workDeps);
    expect(fetched.files).toHaveLength(Object.keys(SEED).length);
    const pushed = await pushTree({ url: good, ref: 'main' }, asFiles({ ...SEED, 'new.md': 'New\n' }), { message: 'Authenticated' }, workDeps);
    expect(git(bare, 'rev-parse', 'main')).toBe(pushed.commitOid);
    expect(pushed.objectsPushed).toBe(3); // blob, root tree, commit: the fetch's objects were reused
    expect(filesContaining(workDeps.workDir, CREDENTIALS.token)).toEqual([]);

    const wrong = guarded.url('private', { user: CREDENTIALS.user, token: 'tok-wrong-1234' });
    const errors = [
      await failure(fetchTree({ url: wrong, ref: 'main' }, deps())),
      await failure(headOf({ url: wrong, ref: 'main' }, deps())),
      await failure(pushTree({ url: wrong, ref: 'main' }, asFiles(SEED), { message: 'm' }, deps())),
      await failure(fetchTree({ url: guarded.url('private'), ref: 'main' }, deps())),
    ];
    expect(errors.map((e) => [e.kind, e.details.status])).toEqual(Array(4).fill(['auth-failed', 401]));
    // Failures that quote the URL: a refused address, a timeout, a missing ref.
    const strict = new OutboundFetcher(new OutboundAddressPolicy([]));
    errors.push(await failure(fetchTree({ url: good, ref: 'main' }, deps({}, strict))));
    await strict.close();
    errors.push(await failure(fetchTree({ url: good, ref: 'nope' }, deps())));
    for (const error of [...errors]) {
      expect(`${error.message} ${error.stack}`).not.toContain('tok-');
      expect(error.message).not.toContain(CREDENTIALS.user + ':');
    }
  });

  it('gives up on a stage after stageTimeoutMs', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://user:tok-hidden@127.0.0.1:${(silent.address() as AddressInfo).port}/repo.git`;
      const started = Date.now();
      const timedOut = await failure(fetchTree({ url, ref: 'main' }, deps({ stageTimeoutMs: 300 })));
      expect(timedOut.kind).toBe('timeout');
      expect(timedOut.message).toMatch(/discover/);
      expect(timedOut.message).not.toContain('tok-hidden');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

it('computes blob oids as git hash-object does', () => {
  for (const bytes of [Buffer.alloc(0), Buffer.from('hello\n'), Buffer.from([0, 255, 10, 13])]) {
    const expected = execFileSync('git', ['hash-object', '--stdin'], { input: bytes, encoding: 'utf8' }).trim();
    expect(blobOid(bytes)).toBe(expected);
  }
});

/** A field of /proc/self/status, in kB. */
function memoryKb(field: 'VmRSS' | 'VmHWM'): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))![1]);
}

function looseObjects(bare: string): number {
  return Number(/^count: (\d+)$/m.exec(git(bare, 'count-objects', '-v'))![1]);
}

function filesContaining(dir: string, text: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => {
    const full = join(dir, path);
    return statSync(full).isFile() && readFileSync(full).includes(text);
  });
}
