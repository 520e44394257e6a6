import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiClient } from '../support/api';
import { currentStack, REPO_ROOT } from '../support/stack';

// The README's examples run against a running Quire, so they cannot rot. The code
// blocks marked `<!-- example: run -->` (docs/conventions.md, "README examples") are run as they
// are written, with only QUIRE_URL and QUIRE_TOKEN given in the environment, as the README asks
// its reader to set them. Embedded only: the README's "Run it" is `npm start`. docs/content.md's
// example (batch content edits) runs the same way with today's client, 0.202.0, as
// `@gitbook/api` (the repository's own `@gitbook/api` is the 0.143.2 contract).

const exec = promisify(execFile);
const stack = currentStack();
const api = apiClient(stack);

interface Example {
  language: string;
  code: string;
  line: number;
  /** The package `@gitbook/api` resolves to when it runs. */
  client: string;
}

const MARKER = '<!-- example: run -->';
/** One example's run, node start included (seconds on a loaded CI machine). */
const EXAMPLE_TIMEOUT_MS = 90_000;

/** The fenced code blocks right after a marker line (blank lines allowed between them). */
function readmeExamples(markdown: string, client = '@gitbook/api'): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== MARKER) continue;
    let open = i + 1;
    while (open < lines.length && lines[open].trim() === '') open++;
    const fence = /^```(\w+)\s*$/.exec(lines[open] ?? '');
    if (!fence) throw new Error(`README.md:${i + 1}: ${MARKER} is not followed by a fenced code block with a language`);
    const close = lines.indexOf('```', open + 1);
    if (close === -1) throw new Error(`README.md:${open + 1}: the code block is not closed`);
    examples.push({ language: fence[1], code: lines.slice(open + 1, close).join('\n') + '\n', line: open + 1, client });
  }
  return examples;
}

const examples = readmeExamples(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));
const contentExamples = readmeExamples(readFileSync(join(REPO_ROOT, 'docs/content.md'), 'utf8'), 'gitbook-api-0202');
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', QUIRE_URL: stack.url, QUIRE_TOKEN: stack.token };

/** Runs one example as its reader would: shell blocks with bash, JavaScript blocks as an ES module with node. */
async function run(example: Example): Promise<{ stdout: string; stderr: string }> {
  if (example.language === 'sh') return exec('bash', ['-euo', 'pipefail', '-c', example.code], { env, timeout: EXAMPLE_TIMEOUT_MS });
  if (example.language !== 'js') throw new Error(`README.md:${example.line}: no way to run a \`${example.language}\` example (sh or js)`);
  // Inside the repository, so `import … from '@gitbook/api'` resolves as it does in a project that installed it.
  mkdirSync(join(REPO_ROOT, 'test-output'), { recursive: true });
  const dir = mkdtempSync(join(REPO_ROOT, 'test-output', 'readme-example-'));
  try {
    // `@gitbook/api` as the example's reader has it installed (today's client for docs/content.md).
    if (example.client !== '@gitbook/api') {
      mkdirSync(join(dir, 'node_modules/@gitbook'), { recursive: true });
      symlinkSync(join(REPO_ROOT, 'node_modules', example.client), join(dir, 'node_modules/@gitbook/api'), 'dir');
    }
    const file = join(dir, `readme-line-${example.line}.mjs`);
    writeFileSync(file, example.code);
    return await exec(process.execPath, [file], { env, timeout: EXAMPLE_TIMEOUT_MS });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('README examples', () => {
  it('are marked: the curl lines and the official client', () => {
    expect(examples.map((e) => e.language)).toEqual(['sh', 'js', 'sh']);
    expect(examples[0].code).toMatch(/^curl /m);
    expect(examples[1].code).toMatch(/new GitBookAPI\(/);
    expect(examples[2].code).toMatch(/\/publish/);
  });

  it(
    'publishing: a site published with curl is read at its urls.published with no token',
    async () => {
      const { stdout } = await run(examples[2] as Example);
      const published = /^open (\S+)$/m.exec(stdout)?.[1];
      expect(published).toMatch(/\/sites\/[^/]+\/[^/]+\/$/);
      expect(stdout).toContain('<title>Welcome | Guide</title>');
    },
    2 * EXAMPLE_TIMEOUT_MS,
  );

  it(
    'curl: answers the user and their organizations',
    async () => {
      const user = await api.get('/v1/user');
      expect(user.status).toBe(200);
      const { stdout } = await run(examples[0]);
      // Two JSON answers one after the other, as curl prints them.
      const answers = stdout
        .replace(/\}\{/g, '}\n{')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatchObject({ object: 'user', id: user.body.id });
      expect(answers[1]).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ object: 'organization', id: stack.organizationId })]) });
    },
    2 * EXAMPLE_TIMEOUT_MS,
  );

  it(
    '@gitbook/api: creates a space and a change request that the API then answers',
    async () => {
      const { stdout, stderr } = await run(examples[1]);
      expect(stderr).toBe('');
      expect(stdout).toContain(`organization ${stack.organizationId}: `);
      const spaceId = /^new space (\S+): /m.exec(stdout)?.[1];
      const number = /^change request #(\d+): /m.exec(stdout)?.[1];
      expect(spaceId).toBeDefined();
      expect(number).toBeDefined();
      const space = await api.get(`/v1/spaces/${spaceId}`);
      expect(space.status).toBe(200);
      expect(space.body).toMatchObject({ id: spaceId, title: 'Handbook', organization: stack.organizationId });
      const changeRequests = await api.get(`/v1/spaces/${spaceId}/change-requests`);
      expect(changeRequests.body.items).toEqual([expect.objectContaining({ number: Number(number), subject: 'First draft' })]);
      expect(stdout).toMatch(/^spaces: .*Handbook/m);
    },
    2 * EXAMPLE_TIMEOUT_MS,
  );

  it(
    "docs/content.md, today's client: one batch makes two linked pages and a file in a new change request",
    async () => {
      expect(contentExamples.map((e) => e.language)).toEqual(['js']);
      const { stdout, stderr } = await run(contentExamples[0] as Example);
      expect(stderr).toBe('');
      const [, number, spaceId, revision] = /^change request #(\d+) of space (\S+), revision (\S+)$/m.exec(stdout) ?? [];
      expect(revision).toBeDefined();
      expect(stdout).toMatch(/^created_page install: http.*\/content\/page\/\S+$/m);
      expect(stdout).toMatch(/^created_page faq: /m);
      expect(stdout).toMatch(/^file logo\.png: \S+$/m);
      const cr = await api.get(`/v1/spaces/${spaceId}/change-requests/${number}`);
      expect(cr.body.revision).toBe(revision);
      const pages = await api.get(`/v1/spaces/${spaceId}/change-requests/${number}/content/pages`);
      expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Installation', 'FAQ']);
      const install = await api.get(`/v1/spaces/${spaceId}/change-requests/${number}/content/page/${pages.body.pages[0].id}?format=markdown`);
      expect(install.body.markdown).toContain('![Logo](.gitbook/assets/logo.png)');
      expect(install.body.markdown).toContain('[the FAQ](faq.md)');
    },
    2 * EXAMPLE_TIMEOUT_MS,
  );
});
