import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SERVICE_NAMES, httpUrlVar, type ServiceName } from '@quire/platform/topology';
import { LocalStack, SCALED_NAMES, type LocalStackOptions } from '../../apps/stack/src/local-stack';
import { apiClient } from './api';
import { INFRA, infraScript, recreateClickHouseDatabase, recreateDatabase } from './infra';
import {
  RATE_LIMIT_FOR_TESTS,
  SERVICE_COPIES,
  REPO_ROOT,
  WEBHOOK_RETRY_SCHEDULE_FOR_TESTS,
  ZIP_LIMIT_FOR_TESTS,
  killAll,
  readState,
  stateFile,
  writeState,
  type StackState,
} from './stack';

// Installs (when missing) and starts real Postgres, Redis, Kafka and ClickHouse, then one
// process per service and the gateway, each configured only by its environment.
export default async function setupDistributed(): Promise<void> {
  // Processes an interrupted earlier run left behind would hold the ports.
  if (existsSync(stateFile('distributed'))) await killAll(readState('distributed'));
  infraScript('install.sh');
  infraScript('infra.sh', 'start');

  const databaseUrls = Object.fromEntries(await Promise.all(SERVICE_NAMES.map(async (s) => [s, await recreateDatabase(`quire_e2e_${s}`)] as const))) as Record<
    ServiceName,
    string
  >;
  const logDir = mkdtempSync(join(tmpdir(), 'quire-e2e-distributed-'));
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  const options: LocalStackOptions = {
    repoRoot: REPO_ROOT,
    logDir,
    gatewayPort: Number(process.env.QUIRE_E2E_GATEWAY_PORT ?? 18180),
    // Other bases let a second checkout run its suite on the same machine (with QUIRE_*_PORT for the servers).
    httpPortBase: Number(process.env.QUIRE_E2E_HTTP_PORT_BASE ?? 18181),
    grpcPortBase: Number(process.env.QUIRE_E2E_GRPC_PORT_BASE ?? 19181),
    databaseUrls,
    redisUrl: INFRA.redisUrl,
    kafkaBrokers: INFRA.kafkaBrokers,
    clickhouseUrl: await recreateClickHouseDatabase(),
    internalSecret: randomBytes(32).toString('base64url'),
    bootstrapToken: token,
    // Two copies of every service and worker (insights-consumer): any state one process keeps to
    // itself fails the suite.
    replicas: Object.fromEntries(SCALED_NAMES.map((s) => [s, SERVICE_COPIES])),
    // Only a failed start waits this long: seventeen processes loading at once, beside the embedded
    // run (test-lanes.mjs), have been seen to take over 30 s on a loaded 2-core machine.
    readyTimeoutMs: 120_000,
    extraEnv: {
      ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_FOR_TESTS),
      GATEWAY_WORKERS: '2',
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      CONTENT_IMPORT_MAX_ZIP_BYTES: String(ZIP_LIMIT_FOR_TESTS),
      WEBHOOKS_RETRY_SCHEDULE: WEBHOOK_RETRY_SCHEDULE_FOR_TESTS,
      // Git Sync's stalled-remote test waits this out; the import it runs beside must end within 20 s anyway.
      CONTENT_GIT_SYNC_IDLE_TIMEOUT_MS: '20000',
    },
  };
  const stack = new LocalStack(options);
  const pids = () => Object.fromEntries([...stack.processes].map(([name, h]) => [name, h.child.pid]));
  try {
    await stack.startAll();
  } catch (err) {
    await killAll({ pids: pids() });
    throw err;
  }
  for (const h of stack.processes.values()) h.child.unref();

  const partial: StackState = {
    target: 'distributed',
    url: stack.url,
    token,
    organizationId: '',
    // The admin CLI reaches identity over gRPC and the other services' /internal routes over HTTP.
    cliEnv: {
      IDENTITY_GRPC_ADDR: stack.grpcAddresses('identity'),
      INTERNAL_SECRET: options.internalSecret,
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [httpUrlVar(name), stack.httpUrls(name)])),
    },
    logDir,
    pids: pids(),
    localStack: options,
  };
  const orgs = await apiClient(partial).get('/v1/orgs');
  if (orgs.status !== 200) {
    await killAll({ pids: pids() });
    throw new Error(`bootstrap token does not work: ${orgs.status} ${orgs.text}`);
  }
  writeState({ ...partial, organizationId: orgs.body.items[0].id });
}
