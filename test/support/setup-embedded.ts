import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { waitForReady } from '../../apps/stack/src/local-stack';
import { apiClient } from './api';
import { RATE_LIMIT_FOR_TESTS, REPO_ROOT, WEBHOOK_RETRY_SCHEDULE_FOR_TESTS, ZIP_LIMIT_FOR_TESTS, writeState, type StackState } from './stack';

// Starts `node apps/embedded/dist/main.js` (what `npm start` runs) on a fresh DATA_DIR.
export default async function setupEmbedded(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-embedded-'));
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir);
  const port = Number(process.env.QUIRE_E2E_EMBEDDED_PORT ?? 18280);
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  const { child, url } = await startEmbeddedProcess({ dataDir, logDir, port, token });
  const partial: StackState = { target: 'embedded', url, token, organizationId: '', cliEnv: { DATA_DIR: dataDir }, logDir, pids: { embedded: child.pid } };
  const orgs = await apiClient(partial).get('/v1/orgs');
  if (orgs.status !== 200) throw new Error(`bootstrap token does not work: ${orgs.status} ${orgs.text}`);
  writeState({ ...partial, organizationId: orgs.body.items[0].id, embedded: { dataDir, port } });
}

/** Starts the embedded process and waits until it is ready and has written runtime.json. */
export async function startEmbeddedProcess(options: {
  dataDir: string;
  logDir: string;
  port: number;
  token: string;
  /** Added to (and overriding) the test environment below. */
  env?: Record<string, string>;
}): Promise<{ child: ChildProcess; url: string }> {
  const { dataDir, logDir, port, token } = options;
  const log = createWriteStream(join(logDir, 'embedded.log'), { flags: 'a' });
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/embedded/dist/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      BOOTSTRAP_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_FOR_TESTS),
      // The specs tests fetch from a fixture server on 127.0.0.1; every other loopback address stays refused.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      // The zip-bomb fixture inflates to 20 MB: refused well below the 200 MB default.
      CONTENT_IMPORT_MAX_ZIP_BYTES: String(ZIP_LIMIT_FOR_TESTS),
      WEBHOOKS_RETRY_SCHEDULE: WEBHOOK_RETRY_SCHEDULE_FOR_TESTS,
      // Git Sync's stalled-remote test waits this out; the import it runs beside must end within 20 s anyway.
      CONTENT_GIT_SYNC_IDLE_TIMEOUT_MS: '20000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  // Only a failed start waits this long (a healthy one is ready in seconds); a loaded CI machine
  // has been seen taking over a minute to load the modules alone.
  await waitForReady(`${url}/readyz`, 240_000, () => child.exitCode !== null, `embedded Quire (log: ${join(logDir, 'embedded.log')})`);
  if (!existsSync(join(dataDir, 'runtime.json'))) throw new Error('embedded Quire did not write runtime.json');
  child.unref();
  return { child, url };
}
