import { createLogger } from '@quire/platform/logger';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiClient, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization } from '../support/factories';
import { ensureSchemathesis } from '../support/schemathesis';
import { startEmbeddedProcess } from '../support/setup-embedded';
import { REPO_ROOT, type StackState } from '../support/stack';

// Schemathesis against the embedded mode, from the document the gateway serves at
// /openapi.json, with a real token and a real id for every path parameter. Any 5xx, any response
// the document does not declare (status, content type, body schema) and any request that does not
// answer within the timeout fails the test. The run has its own organization and admin, so
// whatever it creates, changes or deletes touches nothing the other tests use.

/** The fuzzer's own embedded Quire (started below), so nothing it does reaches the other tests. */
let stack: StackState;
let instance: ChildProcess;
const FUZZ_PORT = Number(process.env.QUIRE_FUZZ_PORT ?? 18290);
const logger = createLogger('schemathesis', 'info');
const OUT = join(REPO_ROOT, 'test-output/schemathesis');
/** A request that takes longer than this is a hang. */
const REQUEST_TIMEOUT_S = 20;
/**
 * What fails the run: a 5xx, a status, content type, header or body the document does not declare
 * for the operation. (Checks about the server's leniency, such as `positive_data_acceptance`, are
 * not part of the contract: a valid-looking id of nothing is a correct 404.)
 */
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_headers_conformance', 'response_schema_conformance'];
/**
 * Cases per operation in the fuzzing phase, after the coverage phase's systematic ones (boundary
 * values, wrong types, missing fields, for every parameter and property): 5 keeps the embedded
 * lane near the distributed one's length in CI; QUIRE_FUZZ_MAX_EXAMPLES raises it.
 */
const MAX_EXAMPLES = Number(process.env.QUIRE_FUZZ_MAX_EXAMPLES ?? 5);
/** A fixed seed keeps CI reproducible; QUIRE_FUZZ_SEED explores elsewhere. */
const SEED = Number(process.env.QUIRE_FUZZ_SEED ?? 23);
/** The whole run, killed past it: the CI budget for fuzzing (276 operations took 16.4 min with 10 fuzzing cases each, beside the distributed lane on 2 cores). */
const RUN_TIMEOUT_MS = Number(process.env.QUIRE_FUZZ_TIMEOUT_MS ?? 20 * 60_000);

type Ids = Record<string, string>;

let fixture: Server;
let fixtureUrl: string;
let token: string;
let api: ApiClient;
/** The id each path parameter takes. */
let ids: Ids;
/** A second resource for the operations that delete one, so the rest keep theirs. */
let throwaway: Ids;
/** Signed links the API answered (a file download, an OpenAPI document, a PDF export). */
let signed: string[];

const ok = <T = Record<string, unknown>>(res: { status: number; text: string; body: T }, status: number, what: string): T => {
  if (res.status !== status) throw new Error(`fixture ${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
};

interface TreePage {
  id: string;
  title: string;
  pages?: TreePage[];
}
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

/** One of each resource the document's path parameters name, and a second one to delete. */
async function createFixtures(orgId: string): Promise<{ ids: Ids; throwaway: Ids; signed: string[] }> {
  const org = `/v1/orgs/${orgId}`;
  const [member, member2] = [await buildMember(stack, orgId, 'edit', 'fuzz-member'), await buildMember(stack, orgId, 'read', 'fuzz-member')];
  const post = async (path: string, body: unknown, status = 201) => ok(await api.post(path, body), status, `POST ${path}`) as Record<string, string>;
  const put = async (path: string, body: unknown, status = 201) => ok(await api.put(path, body), status, `PUT ${path}`) as Record<string, string>;

  const collection = await post(`${org}/collections`, { title: 'Fuzz collection' });
  const collection2 = await post(`${org}/collections`, { title: 'Fuzz collection to delete' });
  const spaces = [];
  for (const title of ['Fuzz space', 'Fuzz space to delete', 'Section space', 'Section space 2', 'Variant space', 'Variant space 2'])
    spaces.push(await post(`${org}/spaces`, { title }));
  const [space, space2] = spaces as [Record<string, string>, Record<string, string>];
  await post(`/v1/spaces/${space.id}/content/import`, { source: 'zip', url: `${fixtureUrl}/docs.zip` });
  const pages = flatten(ok(await api.get(`/v1/spaces/${space.id}/content/pages`), 200, 'pages').pages as TreePage[]);
  const files = ok(await api.get(`/v1/spaces/${space.id}/content/files`), 200, 'files').items as { id: string }[];
  const revision = ok(await api.get(`/v1/spaces/${space.id}`), 200, 'space').revision as string;

  const fileDownload = (files[0] as { downloadURL?: string }).downloadURL as string;
  const cr = await post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fuzz change request' });
  const cr2 = await post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fuzz change request to merge' });
  await post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/import`, { source: 'markdown', url: `${fixtureUrl}/draft.md` });
  const crPages = flatten(ok(await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`), 200, 'CR pages').pages as TreePage[]);
  const comments = `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
  const comment = await post(comments, { body: { markdown: 'A comment' } }, 200);
  const comment2 = await post(comments, { body: { markdown: 'A comment to delete' } }, 200);
  const reply = await post(`${comments}/${comment.id}/replies`, { body: { markdown: 'A reply' } }, 200);
  const reply2 = await post(`${comments}/${comment.id}/replies`, { body: { markdown: 'A reply to delete' } }, 200);

  const field = await post(`${org}/custom-fields`, { name: 'fuzz_field', type: 'text' });
  const field2 = await post(`${org}/custom-fields`, { name: 'fuzz_field_2', type: 'text' });
  ok(await api.patch(org, { inviteLinks: true }), 200, 'PATCH organization');
  const invite = await post(`${org}/link-invites`, { role: 'read' });
  const invite2 = await post(`${org}/link-invites`, { role: 'read' });
  const petstore = readFileSync(join(REPO_ROOT, 'test/fixtures/openapi/petstore.yaml'), 'utf8');
  await post(`${org}/openapi`, { slug: 'fuzz-spec', source: { text: petstore } });
  await post(`${org}/openapi`, { slug: 'fuzz-spec-2', source: { text: petstore } });
  // Processing is a job (its validation in a worker thread): the version exists once it has run.
  let versions: { id: string; url: string }[] = [];
  await eventually(async () => {
    versions = ok(await api.get(`${org}/openapi/fuzz-spec/versions`), 200, 'spec versions').items as { id: string; url: string }[];
    return versions.length > 0;
  }, 30_000);
  const pdf = ok(await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`), 200, 'PDF link') as { url: string };
  const saml = await post(`${org}/saml`, { label: 'Fuzz IdP' });
  const saml2 = await post(`${org}/saml`, { label: 'Fuzz IdP 2' });
  const team = await put(`${org}/teams`, { title: 'Fuzz team', members: [member.id, member2.id] });
  const team2 = await put(`${org}/teams`, { title: 'Fuzz team to delete' });
  const translation = await post(`${org}/translations`, { title: 'Fuzz translation', languages: ['fr'] });
  const translation2 = await post(`${org}/translations`, { title: 'Fuzz translation to delete' });

  const site = await post(`${org}/sites`, { title: 'Fuzz site' });
  const site2 = await post(`${org}/sites`, { title: 'Fuzz site to delete' });
  const sitePath = `${org}/sites/${site.id}`;
  const section = await post(`${sitePath}/sections`, { spaceId: spaces[2]!.id });
  const section2 = await post(`${sitePath}/sections`, { spaceId: spaces[3]!.id });
  const group = await post(`${sitePath}/section-groups`, { title: 'Fuzz group' });
  const group2 = await post(`${sitePath}/section-groups`, { title: 'Fuzz group to delete' });
  const siteSpace = await post(`${sitePath}/site-spaces`, { spaceId: spaces[4]!.id, sectionId: section.id });
  const siteSpace2 = await post(`${sitePath}/site-spaces`, { spaceId: spaces[5]!.id, sectionId: section.id });
  const shareLink = await post(`${sitePath}/share-links`, { name: 'Fuzz link' });
  const shareLink2 = await post(`${sitePath}/share-links`, { name: 'Fuzz link to delete' });
  // Its endpoint is the fixture server (404 there: the ping's delivery fails, and can be redelivered).
  const webhook = await post(`${org}/webhooks`, { url: `${fixtureUrl}/hook`, events: ['space_created'] });
  const webhook2 = await post(`${org}/webhooks`, { url: `${fixtureUrl}/hook`, events: ['*'] });
  const delivery = await post(`${org}/webhooks/${webhook.id}/ping`, undefined, 202);

  return {
    signed: [fileDownload, versions[0]!.url, pdf.url],
    ids: {
      organizationId: orgId,
      collectionId: collection.id,
      spaceId: space.id,
      pageId: pages[0]!.id,
      fileId: files[0]!.id,
      revisionId: revision,
      changeRequestId: cr.id,
      commentId: comment.id,
      commentReplyId: reply.id,
      fieldName: field.name,
      inviteId: invite.id,
      userId: member.id,
      specSlug: 'fuzz-spec',
      versionId: versions[0]!.id,
      samlProviderId: saml.id,
      teamId: team.id,
      translationSettingsId: translation.id,
      siteId: site.id,
      siteSectionId: section.id,
      siteSectionGroupId: group.id,
      siteSpaceId: siteSpace.id,
      shareLinkId: shareLink.id,
      webhookId: webhook.id,
      deliveryId: delivery.id,
      emailDomain: 'example.com',
      scope: 'all',
    },
    throwaway: {
      collectionId: collection2.id,
      spaceId: space2.id,
      pageId: crPages.find((p) => p.title === 'Draft page')!.id,
      changeRequestId: cr2.id,
      commentId: comment2.id,
      commentReplyId: reply2.id,
      fieldName: field2.name,
      inviteId: invite2.id,
      userId: member2.id,
      specSlug: 'fuzz-spec-2',
      samlProviderId: saml2.id,
      teamId: team2.id,
      translationSettingsId: translation2.id,
      siteId: site2.id,
      siteSectionId: section2.id,
      siteSectionGroupId: group2.id,
      siteSpaceId: siteSpace2.id,
      shareLinkId: shareLink2.id,
      webhookId: webhook2.id,
    },
  };
}

/**
 * A fresh embedded Quire for the run: its rate limit high enough that the fuzzer is not throttled
 * (schemathesis's own `rate-limit` setting blocks forever with pyrate-limiter 4.5), its own data.
 */
async function startInstance(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-fuzz-'));
  const logDir = join(OUT, 'logs');
  mkdirSync(logDir, { recursive: true });
  const bootstrap = `qr_${randomBytes(24).toString('base64url')}`;
  const started = await startEmbeddedProcess({ dataDir, logDir, port: FUZZ_PORT, token: bootstrap, env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
  instance = started.child;
  stack = {
    target: 'embedded',
    url: started.url,
    token: bootstrap,
    organizationId: '',
    cliEnv: { DATA_DIR: dataDir },
    logDir,
    pids: { embedded: instance.pid },
  };
}

beforeAll(async () => {
  ensureSchemathesis();
  mkdirSync(OUT, { recursive: true });
  await startInstance();
  const docsZip = readFileSync(join(REPO_ROOT, 'test/fixtures/import/zip/docs.zip'));
  fixture = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/docs.zip') return res.writeHead(200, { 'content-type': 'application/zip' }).end(docsZip);
    if (path === '/draft.md') return res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Draft page\n\nWords under review.\n');
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  const fuzzOrg = await buildOrganization(stack, 'Fuzz organization');
  token = fuzzOrg.admin.token;
  api = apiClient(stack, token);
  ({ ids, throwaway, signed } = await createFixtures(fuzzOrg.id));
}, 900_000); // a fresh machine installs schemathesis from PyPI first
afterAll(async () => {
  if (instance && instance.exitCode === null) {
    const exited = new Promise((resolveExit) => instance.once('exit', resolveExit));
    instance.kill('SIGTERM');
    await exited;
  }
  if (!fixture) return;
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const toml = (value: string): string => JSON.stringify(value);
const tomlParameters = (values: Ids): string =>
  `{ ${Object.entries(values)
    .map(([k, v]) => `${toml(k)} = ${toml(v)}`)
    .join(', ')} }`;
const tomlTable = (values: Ids): string => tomlParameters(Object.fromEntries(Object.entries(values).map(([k, v]) => [`path.${k}`, v])));

/**
 * The run's configuration. Each deleting operation (and the merge, which closes a change request)
 * gets the second resource of its kind, so the fuzzer never removes what the other operations
 * need. The run's own credentials cannot be destroyed: the document has no operation that deletes
 * an organization or revokes a token, and `userId` names a member, never the run's admin.
 */
function configFor(document: { paths: Record<string, Record<string, unknown>> }): string {
  const lines = [
    `headers = { Authorization = ${toml(`Bearer ${token}`)} }`,
    `request-timeout = ${REQUEST_TIMEOUT_S}`,
    '[generation]',
    // The hostile corpus of hardening-fuzz.test.ts sends NUL, lone surrogates and astral
    // characters on purpose; here they stay on too, and the generator adds its own.
    'allow-x00 = true',
    // Longer create → read → update → delete chains along the document's links (default 6 steps).
    '[phases.stateful]',
    'max-steps = 20',
    `[parameters]`,
    ...Object.entries(ids).map(([name, value]) => `${toml(`path.${name}`)} = ${toml(value)}`),
  ];
  const operation = (name: string, settings: string[]) => lines.push('[[operations]]', `include-name = ${toml(name)}`, ...settings);
  // A signed link's operation gets the path and query of a real link, so it answers 200 rather
  // than only ever 403 (bad signatures are the e2e suite's: hardening and download tests).
  for (const url of signed) {
    const { pathname, searchParams } = new URL(url);
    const path = Object.keys(document.paths).find((p) => new RegExp(`^/v1${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname));
    if (!path) throw new Error(`no operation of the document serves the signed link ${pathname}`);
    const values: Ids = {};
    pathname
      .replace(/^\/v1/, '')
      .split('/')
      .forEach((segment, i) => {
        const name = /^\{(\w+)\}$/.exec(path.split('/')[i] ?? '')?.[1];
        if (name) values[`path.${name}`] = decodeURIComponent(segment);
      });
    for (const [name, value] of searchParams) values[`query.${name}`] = value;
    operation(`GET ${path}`, [`parameters = ${tomlParameters(values)}`]);
  }
  for (const [path, item] of Object.entries(document.paths)) {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    const last = params[params.length - 1];
    if (item.delete && last && throwaway[last]) operation(`DELETE ${path}`, [`parameters = ${tomlTable({ ...ids, [last]: throwaway[last] })}`]);
    if (path.endsWith('/merge')) operation(`POST ${path}`, [`parameters = ${tomlTable({ ...ids, changeRequestId: throwaway.changeRequestId! })}`]);
  }
  return lines.join('\n') + '\n';
}

interface RunFigures {
  operations: number;
  cases: number;
  failures: string[];
}

/** Operations, generated cases and failures, from the JUnit report and the closing summary. */
function figuresOf(junit: string, output: string): RunFigures {
  const testcases = [...junit.matchAll(/<testcase\b[^>]*name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)];
  const failures = testcases.filter((m) => /<(failure|error)\b/.test(m[3] ?? '')).map((m) => `${m[1]}: ${(m[3] ?? '').replace(/<[^>]+>/g, '').slice(0, 2000)}`);
  const cases = Number(/(\d+) generated/.exec(output)?.[1] ?? NaN);
  return { operations: testcases.length, cases, failures };
}

it(
  'fuzzes every operation of the document: no 5xx, no response outside the document, no hang',
  async () => {
    mkdirSync(OUT, { recursive: true });
    const document = ok(await api.get('/openapi.json'), 200, 'GET /openapi.json') as { paths: Record<string, Record<string, unknown>> };
    const config = join(OUT, 'schemathesis.toml');
    writeFileSync(config, configFor(document));
    const reportDir = join(OUT, 'report');
    rmSync(reportDir, { recursive: true, force: true });
    const args = [
      '--no-color',
      '--config-file',
      config,
      'run',
      `${stack.url}/openapi.json`,
      '--checks',
      CHECKS.join(','),
      '--phases',
      process.env.QUIRE_FUZZ_PHASES ?? 'examples,coverage,fuzzing,stateful',
      '--max-examples',
      String(MAX_EXAMPLES),
      '--report',
      'junit',
      '--report-dir',
      reportDir,
      '--seed',
      String(SEED),
    ];
    const { output } = await run(ensureSchemathesis(), args, RUN_TIMEOUT_MS);
    const reports = readdirSync(reportDir).filter((f) => f.endsWith('.xml'));
    expect(reports).toHaveLength(1);
    const figures = figuresOf(readFileSync(join(reportDir, reports[0]!), 'utf8'), output);
    logger.info({ seed: SEED, operations: figures.operations, cases: figures.cases, failures: figures.failures.length }, 'schemathesis run');
    // Every operation of the document was exercised (the stateful phase may add its own entry).
    expect(figures.operations).toBeGreaterThanOrEqual(
      Object.values(document.paths).flatMap((item) => Object.keys(item).filter((k) => k !== 'servers' && k !== 'parameters')).length,
    );
    expect(figures.cases).toBeGreaterThan(figures.operations);
    expect(figures.failures).toEqual([]);
    // No request killed the process: it is the same one, and healthy.
    expect(instance.exitCode).toBeNull();
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  },
  RUN_TIMEOUT_MS + 60_000,
);

/**
 * Runs `st`, its output written to `output.txt` as it comes (a long run can be followed there); a
 * run that overstays the budget is killed and fails the test with the end of what it printed.
 */
function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(join(OUT, 'output.txt'));
    const child = spawn(command, args, { cwd: OUT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? OUT }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    const keep = (chunk: Buffer) => {
      chunks.push(chunk);
      log.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      log.end();
      const output = Buffer.concat(chunks).toString('utf8');
      if (killed) return reject(new Error(`schemathesis overstayed ${timeoutMs} ms:\n${output.slice(-4000)}`));
      resolve({ code: code ?? 1, output });
    });
  });
}
