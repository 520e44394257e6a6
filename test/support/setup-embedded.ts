import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { waitForReady } from '../../gateway/src/local-stack';
import { apiClient } from './api';
import { RATE_LIMIT_FOR_TESTS, REPO_ROOT, writeState, type StackState } from './stack';

// Starts `node gateway/dist/embedded.js` (what `npm start` runs) on a fresh DATA_DIR.
export default async function setupEmbedded(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-embedded-'));
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir);
  const port = Number(process.env.QUIRE_E2E_EMBEDDED_PORT ?? 18280);
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  const log = createWriteStream(join(logDir, 'embedded.log'));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'gateway/dist/embedded.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      BOOTSTRAP_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_FOR_TESTS),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(`${url}/readyz`, 60000, () => child.exitCode !== null, `embedded Quire (log: ${join(logDir, 'embedded.log')})`);
  const runtimeFile = join(dataDir, 'runtime.json');
  if (!existsSync(runtimeFile)) throw new Error('embedded Quire did not write runtime.json');
  const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { internalSecret: string };

  const partial: StackState = { target: 'embedded', url, token, organizationId: '', cliEnv: { DATA_DIR: dataDir }, logDir, pids: { embedded: child.pid } };
  const orgs = await apiClient(partial).get('/v1/orgs');
  if (orgs.status !== 200) throw new Error(`bootstrap token does not work: ${orgs.status} ${orgs.text}`);
  void runtime;
  child.unref();
  writeState({ ...partial, organizationId: orgs.body.items[0].id });
}
