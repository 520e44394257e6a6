// Git Sync benchmark, against a real Git server (deploy/local/git-http-server.js, Debian's
// git-http-backend) on 127.0.0.1:
//  - import of a 1,000-page repository with 100 images (the pages of bench/make-content-zip.py in
//    GitBook's layout), pages/s, beside its floor: `git clone --depth 1` by the git CLI plus reading
//    the layout and converting every page to a document in process;
//  - export of the same space to an empty repository, beside `git add -A && git commit && git push`
//    of the same files by the CLI;
//  - export after a one-page change: time and objects pushed (loose objects the push added).
// Both modes. Results: bench/results/git-sync.md.
const { execFile, execFileSync } = require('node:child_process');
const { promisify } = require('node:util');
const { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { tmpdir } = require('node:os');
const { dirname, join, relative } = require('node:path');
const { measure, writeResults } = require('./results');
const { ROOT, log, summary } = require('./support');
const { caller, measureEachMode } = require('./content-stacks');
const { makeZip } = require('./content');
const { serveGitRequest } = require('../deploy/local/git-http-server');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'b@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'b@example.com',
};
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 }).trim();
/** The CLI against the server of this process: it must not block the event loop that serves it. */
const gitRemote = (cwd, ...args) => promisify(execFile)('git', args, { cwd, env: GIT_ENV, maxBuffer: 1 << 28 });
const seconds = (started) => (performance.now() - started) / 1000;

/** The zip's pages as a GitBook repository: its folders, README.md pages, a SUMMARY.md listing every page, images under .gitbook/assets. */
function repositoryFiles(dir) {
  const unzipped = join(dir, 'unzipped');
  mkdirSync(unzipped, { recursive: true });
  execFileSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', join(dir, 'content.zip'), unzipped]);
  const files = {};
  const walk = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[relative(unzipped, full)] = readFileSync(full);
    }
  };
  walk(unzipped);
  const out = {};
  const summaryLines = ['# Table of contents', ''];
  for (const [path, bytes] of Object.entries(files)) {
    if (path.startsWith('images/')) out[`.gitbook/assets/${path.slice('images/'.length)}`] = bytes;
    else out[path] = Buffer.from(bytes.toString('utf8').replaceAll('../images/', '../.gitbook/assets/'));
  }
  for (const folder of [
    ...new Set(
      Object.keys(files)
        .filter((p) => p.endsWith('.md'))
        .map((p) => p.split('/')[0]),
    ),
  ]) {
    const title = (path) => /^# (.*)$/m.exec(out[path].toString('utf8'))?.[1] ?? path;
    summaryLines.push(`* [${title(`${folder}/README.md`)}](${folder}/README.md)`);
    for (const path of Object.keys(out).filter((p) => p.startsWith(`${folder}/`) && p.endsWith('.md') && !p.endsWith('README.md')))
      summaryLines.push(`  * [${title(path)}](${path})`);
  }
  out['SUMMARY.md'] = Buffer.from(`${summaryLines.join('\n')}\n`);
  return out;
}

/** A bare repository under `root`, HEAD on main, pushes accepted; seeded with `files` by the CLI when given. */
function bareRepository(root, name, files) {
  const bare = join(root, `${name}.git`);
  git(root, 'init', '-q', '--bare', bare);
  git(bare, 'symbolic-ref', 'HEAD', 'refs/heads/main');
  git(bare, 'config', 'http.receivepack', 'true');
  if (files) {
    const work = mkdtempSync(join(tmpdir(), 'quire-bench-seed-'));
    writeTree(work, files);
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'seed');
    git(work, 'push', '-q', bare, 'HEAD:refs/heads/main');
    rmSync(work, { recursive: true, force: true });
  }
  return bare;
}

function writeTree(dir, files) {
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
}

const looseObjects = (bare) => Number(/^count: (\d+)/m.exec(git(bare, 'count-objects', '-v'))[1]);

/** The floors, by the git CLI over the same server and in process. */
async function floors(root, url, files) {
  const { readGitLayout, markdownToDocument } = require(join(ROOT, 'packages/formats/dist/index.js'));
  const imports = [];
  const exports = [];
  let pages = 0;
  for (let run = 0; run < RUNS; run++) {
    const clone = mkdtempSync(join(tmpdir(), 'quire-bench-clone-'));
    let started = performance.now();
    await gitRemote(tmpdir(), 'clone', '-q', '--depth', '1', `${url}/source.git`, clone);
    const read = {};
    const walk = (folder) => {
      for (const name of readdirSync(folder)) {
        if (name === '.git') continue;
        const full = join(folder, name);
        if (statSync(full).isDirectory()) walk(full);
        else read[relative(clone, full)] = readFileSync(full);
      }
    };
    walk(clone);
    const layout = readGitLayout(
      Object.entries(read).map(([path, bytes]) => ({ path, bytes })),
      { limits: { maxPages: 10_000 } },
    );
    const convert = (list) => list.reduce((n, p) => (p.markdown !== undefined ? markdownToDocument(p.markdown) && n + 1 : n) + convert(p.children), 0);
    pages = convert(layout.pages);
    imports.push(pages / seconds(started));
    rmSync(clone, { recursive: true, force: true });

    const work = mkdtempSync(join(tmpdir(), 'quire-bench-push-'));
    const target = `floor-${run}`;
    bareRepository(root, target);
    writeTree(work, files);
    started = performance.now();
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'floor');
    await gitRemote(work, 'push', '-q', `${url}/${target}.git`, 'HEAD:refs/heads/main');
    exports.push(seconds(started));
    rmSync(work, { recursive: true, force: true });
  }
  return { pages, imports, exports };
}

async function waitOperation(call, spaceId) {
  for (;;) {
    const op = await call('GET', `/v1/spaces/${spaceId}/git/operations/latest`);
    if (op.state === 'failure') throw new Error(`Git Sync ${op.direction} failed: ${op.error}`);
    if (op.state === 'success') return op;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measureSync(root, url, startStack) {
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const imports = [];
    const exports = [];
    const onePage = [];
    /** Seconds from the request to the revision's commit, by the operation's own times (the reads that saw it aside). */
    const committed = [];
    let pages = 0;
    for (let run = 0; run < RUNS; run++) {
      const spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: `Git bench ${run}` })).id;
      let started = performance.now();
      await call('POST', `/v1/spaces/${spaceId}/git/import`, { url: `${url}/source.git`, ref: 'refs/heads/main' });
      const op = await waitOperation(call, spaceId);
      const elapsed = seconds(started);
      committed.push((Date.parse(op.completedAt) - Date.parse(op.startedAt)) / 1000);
      const tree = await call('GET', `/v1/spaces/${spaceId}/content/pages`);
      const count = (list) => list.reduce((n, p) => n + (p.type === 'document' ? 1 : 0) + count(p.pages ?? []), 0);
      pages = count(tree.pages);
      imports.push(pages / elapsed);
      log(`run ${run}: import ${pages} pages in ${elapsed.toFixed(2)} s (committed after ${committed.at(-1).toFixed(2)} s)`);

      const target = `export-${run}-${Date.now()}`;
      const bare = bareRepository(root, target);
      started = performance.now();
      await call('POST', `/v1/spaces/${spaceId}/git/export`, { url: `${url}/${target}.git`, ref: 'refs/heads/main', commitMessage: 'Bench export' });
      await waitOperation(call, spaceId);
      exports.push(seconds(started));

      const page = tree.pages[0].pages[0];
      const cr = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'One page' })).id;
      await call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content`, {
        changes: [{ operation: 'update_page', page: page.id, document: { markdown: `Edited in run ${run}.\n` } }],
      });
      await call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, {});
      const before = looseObjects(bare);
      started = performance.now();
      await call('POST', `/v1/spaces/${spaceId}/git/export`, { url: `${url}/${target}.git`, ref: 'refs/heads/main', commitMessage: 'One page' });
      await waitOperation(call, spaceId);
      onePage.push({
        seconds: seconds(started),
        objects: looseObjects(bare) - before,
        changed: git(bare, 'diff', '--name-only', 'main~1', 'main').split('\n').length,
      });
    }
    return { pages, imports, exports, onePage, committed: committed.map((s) => pages / s) };
  } finally {
    await stack.stop();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-git-'));
  makeZip(dir);
  const files = repositoryFiles(dir);
  const root = join(dir, 'repositories');
  mkdirSync(root);
  bareRepository(root, 'source', files);
  const server = createServer((req, res) => serveGitRequest(root, req, res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  try {
    log(`repository: ${Object.keys(files).length} files; ${RUNS} runs each`);
    const floor = await floors(root, url, files);
    const { modes, results } = await measureEachMode(dir, 'content', (startStack) => measureSync(root, url, startStack));
    const rate = (r) => `${Math.round(summary(r).p50)} pages/s`;
    const secs = (t) => `${summary(t).p50.toFixed(2)} s`;
    const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
    const report = [
      '# Git Sync benchmark',
      '',
      `Command: \`npm run bench -- git-sync\` (BENCH_RUNS=${RUNS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
      `A repository of ${floor.pages} pages and 100 images in GitBook's layout (the pages of bench/make-content-zip.py, SUMMARY.md, .gitbook/assets) on git-http-backend over HTTP on 127.0.0.1; medians of the runs. Goals (issue #25): both directions ≥ 0.3× their floor; a one-page export pushes O(1) objects.`,
      '',
      `| measure | ${modes.join(' | ')} |`,
      `|---|${modes.map(() => '---|').join('')}`,
      row('**import** (request → operation `success`)', (r) => `**${rate(r.imports)}**`),
      row('floor: `git clone --depth 1` + read the layout + convert every page in process', () => rate(floor.imports)),
      row('import ÷ floor (goal ≥ 0.3×)', (r) => `${(summary(r.imports).p50 / summary(floor.imports).p50).toFixed(2)}×`),
      row(
        "import, request → revision committed (the operation's `startedAt` → `completedAt`)",
        (r) => `${rate(r.committed)} (${(summary(r.committed).p50 / summary(floor.imports).p50).toFixed(2)}×)`,
      ),
      row('**export** to an empty repository', (r) => `**${secs(r.exports)}**`),
      row('floor: `git init && git add -A && git commit && git push` of the same files', () => secs(floor.exports)),
      row('floor ÷ export (goal ≥ 0.3×)', (r) => `${(summary(floor.exports).p50 / summary(r.exports).p50).toFixed(2)}×`),
      row(
        '**export after a one-page change**',
        (r) =>
          `**${secs(r.onePage.map((o) => o.seconds))}**, ${r.onePage.map((o) => o.objects).join('/')} objects pushed, ${r.onePage[0].changed} file changed`,
      ),
      '',
    ].join('\n');
    const measures = modes.flatMap((mode) => {
      const r = results[mode];
      return [
        measure({
          name: 'Git import pages/s',
          mode,
          value: summary(r.imports).p50,
          unit: 'pages/s',
          floor: { name: 'git clone --depth 1 + layout + convert in process', value: summary(floor.imports).p50 },
          goal: { ratioAtLeast: 0.3 },
        }),
        measure({
          name: 'Git export pages/s',
          mode,
          value: r.pages / summary(r.exports).p50,
          unit: 'pages/s',
          floor: { name: 'git add -A && commit && push by the CLI', value: floor.pages / summary(floor.exports).p50 },
          goal: { ratioAtLeast: 0.3 },
        }),
        measure({ name: 'one-page export: objects pushed', mode, value: Math.max(...r.onePage.map((o) => o.objects)), unit: 'objects', goal: { atMost: 10 } }),
      ];
    });
    writeResults('git-sync', { command: 'npm run bench -- git-sync', markdown: report, measures });
    process.stdout.write(report);
  } finally {
    server.close();
  }
}

module.exports = { main };
