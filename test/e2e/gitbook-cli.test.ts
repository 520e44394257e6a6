import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiClient, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization, type TestUser } from '../support/factories';
import { gitbookCli, type GitBookCli } from '../support/gitbook-cli';
import { expectOperationResponse } from '../support/reference';
import { currentStack, REPO_ROOT } from '../support/stack';

// GitBook's official CLI (`@gitbook/cli` 0.25.1) against Quire, typed as its users type
// it — `gitbook auth --endpoint`, `whoami`, `openapi publish` from a file and from a URL — with the
// answers checked in its output, its exit code and the API afterwards. The URL source is a loopback
// fixture server (the stack allow-lists 127.0.0.1 for outbound fetches).

const stack = currentStack();
const PETSTORE = readFileSync(join(REPO_ROOT, 'test/fixtures/openapi/petstore.yaml'), 'utf8');
const PETSTORE_V2 = PETSTORE.replace('version: 1.0.0', 'version: 2.0.0');

let cli: GitBookCli;
let orgId: string;
let admin: TestUser;
let api: ApiClient;
let fixture: Server;
let fixtureUrl: string;
let fixtureHits = 0;

beforeAll(async () => {
  cli = gitbookCli();
  ({ id: orgId, admin } = await buildOrganization(stack, 'GitBook CLI org'));
  api = apiClient(stack, admin.token);
  writeFileSync(join(cli.home, 'petstore.yaml'), PETSTORE);
  fixture = createServer((req, res) => {
    fixtureHits++;
    if (req.url === '/petstore.yaml') return res.writeHead(200, { 'content-type': 'application/yaml' }).end(PETSTORE);
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cli.remove();
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const specPath = (slug: string, org = orgId) => `/v1/orgs/${org}/openapi/${slug}`;
/** The CLI's line after a publish: the spec's `urls.app`, as Quire answers it. */
async function published(slug: string): Promise<string> {
  const app: string = (await api.get(specPath(slug))).body.urls.app;
  expect(app).toMatch(new RegExp(`/o/${orgId}/openapi/${slug}$`));
  return `OpenAPI specification "${slug}" published to ${app}\n`;
}
/** How the CLI reports an API error: status, URL, and Quire's `error.message`. */
const apiFailure = (status: number, path: string, message: string) => `GitBook API failed with [${status}] ${stack.url}${path}: ${message}\n`;

/** The fields of an OpenAPISpec answer these tests read. */
interface SpecBody {
  processingState: string;
  lastVersion?: string;
  sourceURL?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors?: { message: string; code?: string }[];
}

/** The spec once its processing is complete (validated against the reference), after `lastVersion` moved on from `previous`. */
async function processed(slug: string, previous?: string): Promise<SpecBody> {
  let spec: SpecBody | undefined;
  await eventually(async () => {
    spec = (await api.get<SpecBody>(specPath(slug))).body;
    return spec?.processingState === 'complete' && spec.lastVersion !== previous;
  }, 30000);
  if (!spec) throw new Error(`spec ${slug} was never read`);
  expectOperationResponse('getOpenAPISpecBySlug', 200, spec);
  expect({ errorCode: spec.lastProcessErrorCode, errors: spec.lastProcessedErrors ?? [] }).toEqual({ errorCode: undefined, errors: [] });
  return spec;
}

async function versionIds(slug: string): Promise<string[]> {
  const versions = await api.get(`${specPath(slug)}/versions`);
  expect(versions.status).toBe(200);
  return versions.body.items.map((v: { id: string }) => v.id);
}

describe('gitbook auth and whoami', () => {
  it('auth --token --endpoint signs in to Quire and keeps the config under XDG_CONFIG_HOME', async () => {
    const me = (await api.get('/v1/user')).body;
    const auth = await cli.run(['auth', '--token', admin.token, '--endpoint', stack.url]);
    expect(auth).toEqual({ code: 0, stdout: `Authenticating with ${stack.url}...\nYou are now authenticated as ${me.displayName}.\n`, stderr: '' });
    const config = JSON.parse(readFileSync(cli.configFile, 'utf8'));
    expect(config.envs.default).toEqual({ endpoint: stack.url, token: admin.token });
  });

  it('whoami names the user, their id and e-mail, and Quire as the API', async () => {
    const me = (await api.get('/v1/user')).body;
    const whoami = await cli.run(['whoami']);
    expect(whoami).toEqual({ code: 0, stdout: `Authenticated as ${me.displayName}\nID: ${me.id}\nEmail: ${admin.email}\nAPI: ${stack.url}\n`, stderr: '' });
  });

  it("a bad token fails with Quire's 401 message and a non-zero exit, and leaves the saved sign-in alone", async () => {
    const refused = await api.get('/v1/user', { token: 'qr_not-a-token' });
    expect(refused.status).toBe(401);
    const message: string = refused.body.error.message;
    expect(message).toMatch(/token/i);

    const auth = await cli.run(['auth', '--token', 'qr_not-a-token', '--endpoint', stack.url]);
    expect(auth).toEqual({ code: 1, stdout: `Authenticating with ${stack.url}...\n`, stderr: apiFailure(401, '/v1/user', message) });
    expect(JSON.parse(readFileSync(cli.configFile, 'utf8')).envs.default.token).toBe(admin.token);

    // The CLI's environment variables override the saved config (a CI job's way of signing in).
    const whoami = await cli.run(['whoami'], { GITBOOK_TOKEN: 'qr_not-a-token', GITBOOK_ENDPOINT: stack.url });
    expect(whoami).toEqual({ code: 1, stdout: '', stderr: apiFailure(401, '/v1/user', message) });
  });
});

describe('gitbook openapi publish', () => {
  it('publishes a file: prints the spec link, and Quire processes it into a version with the file as content', async () => {
    const publish = await cli.run(['openapi', 'publish', '--spec', 'petstore', '--organization', orgId, 'petstore.yaml']);
    expect(publish).toEqual({ code: 0, stdout: await published('petstore'), stderr: '' });

    const spec = await processed('petstore');
    expect(await versionIds('petstore')).toEqual([spec.lastVersion]);
    const content = await api.get(`${specPath('petstore')}/versions/latest/content`);
    expect(content.body.filesystem).toEqual({ 'openapi.yaml': PETSTORE });
  });

  it('publishes the file again once changed: a new version, newest first', async () => {
    const first = (await processed('petstore')).lastVersion;
    writeFileSync(join(cli.home, 'petstore.yaml'), PETSTORE_V2);
    const publish = await cli.run(['openapi', 'publish', '-s', 'petstore', '-o', orgId, 'petstore.yaml']);
    expect(publish).toEqual({ code: 0, stdout: await published('petstore'), stderr: '' });

    const second = (await processed('petstore', first)).lastVersion;
    expect(await versionIds('petstore')).toEqual([second, first]);
    expect((await api.get(`${specPath('petstore')}/versions/latest/content`)).body.filesystem).toEqual({ 'openapi.yaml': PETSTORE_V2 });
  });

  it('publishes from a URL: Quire fetches it, and the version points at the URL', async () => {
    const hits = fixtureHits;
    const url = `${fixtureUrl}/petstore.yaml`;
    const publish = await cli.run(['openapi', 'publish', '-s', 'from-url', '-o', orgId, url]);
    expect(publish).toEqual({ code: 0, stdout: await published('from-url'), stderr: '' });

    const spec = await processed('from-url');
    expect(spec.sourceURL).toBe(url);
    expect(fixtureHits).toBeGreaterThan(hits);
    const latest = await api.get(`${specPath('from-url')}/versions/latest`);
    expect(latest.body).toMatchObject({ id: spec.lastVersion, url });
  });

  it("publishes Quire's own OpenAPI document, which Quire processes to complete", async () => {
    const document = await (await fetch(`${stack.url}/openapi.json`)).text();
    writeFileSync(join(cli.home, 'openapi.json'), document);
    const publish = await cli.run(['openapi', 'publish', '-s', 'quire', '-o', orgId, 'openapi.json']);
    expect(publish).toEqual({ code: 0, stdout: await published('quire'), stderr: '' });
    const spec = await processed('quire');
    const content = await api.get(`${specPath('quire')}/versions/${spec.lastVersion}/content`);
    expect(content.body.filesystem).toEqual({ 'openapi.json': document });
  });

  it("an organization that does not exist, or is not the user's, fails with Quire's 404 message and a non-zero exit", async () => {
    const stranger = await buildOrganization(stack, 'Not the CLI user’s');
    for (const org of ['AAAAAAAAAAAAAAAAAAAA', stranger.id]) {
      const refused = await api.put(specPath('petstore', org), { source: { text: PETSTORE } });
      expect(refused.status).toBe(404);
      const publish = await cli.run(['openapi', 'publish', '-s', 'petstore', '-o', org, 'petstore.yaml']);
      expect(publish).toEqual({ code: 1, stdout: '', stderr: apiFailure(404, specPath('petstore', org), refused.body.error.message) });
    }
    const strangersSpecs = await apiClient(stack, stranger.admin.token).get(`/v1/orgs/${stranger.id}/openapi`);
    expect(strangersSpecs.body.count).toBe(0);
  });

  it("a member who may only read is refused with Quire's 403 message, and nothing is published", async () => {
    const reader = await buildMember(stack, orgId, 'read', 'cli-reader');
    const readerCli = gitbookCli();
    try {
      writeFileSync(join(readerCli.home, 'petstore.yaml'), PETSTORE);
      expect((await readerCli.run(['auth', '--token', reader.token, '--endpoint', stack.url])).code).toBe(0);
      const refused = await apiClient(stack, reader.token).put(specPath('read-only'), { source: { text: PETSTORE } });
      expect(refused.status).toBe(403);
      const publish = await readerCli.run(['openapi', 'publish', '-s', 'read-only', '-o', orgId, 'petstore.yaml']);
      expect(publish).toEqual({ code: 1, stdout: '', stderr: apiFailure(403, specPath('read-only'), refused.body.error.message) });
      expect((await api.get(specPath('read-only'))).status).toBe(404);
    } finally {
      readerCli.remove();
    }
  });
});
