import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/stack';

// A first `npm start` on a port already in use created the admin, the organization and the token,
// then died with a JSON stack trace, and the next start never showed the token ("shown once"). The
// port is bound first now: the start fails with one line saying what to do, and bootstraps nothing.

const MAIN = join(REPO_ROOT, 'apps/embedded/dist/main.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm start`'s process on `port` and `dataDir`, until it exits or its banner shows (then it is stopped). */
function start(port: number, dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
      if (run.stderr.includes('Stop with Ctrl-C.')) child.kill('SIGTERM');
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ ...run, code }));
  });
}

function occupy(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const portOf = (server: Server): number => (server.address() as { port: number }).port;
const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-port-in-use-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('fails a first start on a port in use with one line and no stack, and the next start still shows the token', async () => {
  const taken = await occupy();
  const port = portOf(taken);
  let refused: Run;
  try {
    refused = await start(port, dataDir);
  } finally {
    await closed(taken);
  }
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toBe(`port ${port} is in use: set PORT\n`);
  expect(refused.stdout).not.toMatch(/stack|EADDRINUSE|\n\s+at /);

  // Another port, the same data: this is the first start that bootstraps, so it shows the token.
  const free = await occupy();
  const freePort = portOf(free);
  await closed(free);
  const next = await start(freePort, dataDir);
  expect(next.stderr).toContain(`Quire is running at http://127.0.0.1:${freePort}`);
  expect(next.stderr).toMatch(
    /First start: created an admin user, an organization \([A-Za-z0-9]+\) and this API token\.\nIt is shown only once:\n\n {4}qr_\S+\n/,
  );
}, 300_000);
