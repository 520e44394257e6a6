import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { apiClient } from '../support/api';
import { startEmbeddedProcess } from '../support/setup-embedded';
import { currentStack, isAlive, writeState } from '../support/stack';

// `npm start`, Ctrl-C, `npm start` again: the data is still there.
const stack = currentStack();
const api = apiClient(stack);

it('keeps its data across a stop with SIGINT and a new start on the same DATA_DIR', async () => {
  const title = `Survives restarts ${Date.now()}`;
  expect((await api.patch(`/v1/orgs/${stack.organizationId}`, { title })).status).toBe(200);

  const pid = stack.pids.embedded!;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(isAlive(pid)).toBe(false);
  // A clean stop removes the file the CLI uses to find a running instance.
  expect(existsSync(join(stack.embedded!.dataDir, 'runtime.json'))).toBe(false);

  const { child } = await startEmbeddedProcess({ ...stack.embedded!, logDir: stack.logDir, token: 'not-used-on-a-second-start' });
  stack.pids.embedded = child.pid;
  writeState(stack);

  const org = await api.get(`/v1/orgs/${stack.organizationId}`);
  expect(org.status).toBe(200);
  expect(org.body.title).toBe(title);
  const orgs = await api.get('/v1/orgs');
  expect(orgs.body.count).toBeGreaterThanOrEqual(1);
}, 90000);
