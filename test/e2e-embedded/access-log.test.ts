import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { apiClient } from '../support/api';
import { startEmbeddedProcess } from '../support/setup-embedded';
import { isAlive, type StackState } from '../support/stack';

// As a user of `npm start` sees it: the banner names the host every `urls` field
// uses, and at the default LOG_LEVEL=info every request leaves one access line, the gateway's own
// refusals included. An embedded Quire of its own, at info (the suite's runs at warn).

let child: ChildProcess;
let dataDir: string;
let stack: StackState;
const token = `qr_${randomBytes(24).toString('base64url')}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-access-log-'));
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir);
  const started = await startEmbeddedProcess({ dataDir, logDir, port: await freePort(), token, env: { LOG_LEVEL: 'info' } });
  child = started.child;
  stack = { target: 'embedded', url: started.url, token, organizationId: '', cliEnv: {}, logDir, pids: {} };
}, 300_000);

afterAll(async () => {
  if (child?.pid && isAlive(child.pid)) {
    child.kill('SIGTERM');
    const deadline = Date.now() + 15000;
    while (isAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const log = () => readFileSync(join(stack.logDir, 'embedded.log'), 'utf8');
const jsonLines = () =>
  log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

it('prints in its banner the base of every urls field', async () => {
  const banner = /Quire is running at (\S+) /.exec(log());
  expect(banner).not.toBeNull();
  const orgs = await apiClient(stack).get('/v1/orgs');
  const org = orgs.body.items[0];
  expect(org.urls.location).toBe(`${banner![1]}/v1/orgs/${org.id}`);
  expect(org.urls.app).toBe(`${banner![1]}/o/${org.id}`);
  expect(banner![1]).toBe(stack.url);
});

it('writes one access line per request at info, refusals included, never a credential', async () => {
  const api = apiClient(stack);
  const requests: [string, string, string | null, number][] = [
    ['GET', '/v1/user', token, 200],
    ['GET', '/v1/user', null, 401],
    ['GET', '/v1/user', 'qr_wrong_token_never_logged', 401],
    ['GET', '/v1/no/such/route', token, 404],
    ['DELETE', '/v1/user', token, 405],
    ['GET', '/v1/integrations', token, 404],
    ['GET', '/v1/file-downloads/rev/file?expires=1&signature=secretSignatureValue', null, 403],
    ['GET', '/o/anything', null, 200],
  ];
  const ids: string[] = [];
  for (const [method, path, as, status] of requests) {
    const id = `access-${ids.length}-${Date.now()}`;
    ids.push(id);
    expect((await api.request(method, path, { token: as, headers: { 'x-request-id': id } })).status).toBe(status);
  }
  const me = (await api.get('/v1/user')).body.id as string;
  let lines: Record<string, unknown>[] = [];
  for (let i = 0; i < 100 && lines.length < ids.length; i++) {
    await new Promise((r) => setTimeout(r, 50));
    lines = jsonLines().filter((l) => l.msg === 'access' && ids.includes(l.requestId as string));
  }
  expect(lines.map((l) => [l.method, l.path, l.status])).toEqual(
    requests.map(([method, path, , status]) => [method, path.replace('secretSignatureValue', '[redacted]'), status]),
  );
  for (const line of lines) expect(line).toMatchObject({ level: 'info', service: 'gateway', ms: expect.any(Number) });
  expect(lines[0]!.principal).toBe(me);
  expect(lines.slice(1).some((l) => 'principal' in l)).toBe(false);
  const json = JSON.stringify(jsonLines());
  for (const secret of [token, 'qr_wrong_token_never_logged', 'secretSignatureValue']) expect(json).not.toContain(secret);
});
