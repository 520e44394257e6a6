import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@quire/platform/logger';
import { DEFAULT_PORTS, GATEWAY_DEFAULT_PORT, SERVICE_NAMES, WORKER_PROCESSES, type ServiceName } from '@quire/platform/topology';
import { COPY_PORT_STEP, LocalStack, SCALED_NAMES, operatorSettings, repoRoot, type ScaledName } from './local-stack';

// `npm run stack`: distributed mode on this machine. Starts the local infrastructure
// (deploy/local/infra.sh), then one process per service and the gateway; Ctrl-C stops the processes.

const HELP = `Usage: npm run stack [-- --replicas <process>=<n>[,<process>=<n>…]] [-- --help]

Starts Quire in distributed mode on this machine: real PostgreSQL, Redis, Kafka and ClickHouse
from deploy/local/ (installed first with deploy/local/install.sh if missing), then identity,
content, sites, specs, insights (its API), webhooks, insights-consumer (moves visitor events into
ClickHouse; HTTP ${WORKER_PROCESSES['insights-consumer'].http} for probes and metrics) and the gateway as
separate processes on their default ports (gateway ${GATEWAY_DEFAULT_PORT}). Logs go to
.infra/stack-logs/. A process that dies is started again. Ctrl-C stops the processes (each
drains first); deploy/local/infra.sh stop stops the servers.

Options:
  --replicas content=2,sites=2   copies of a process (any of ${SCALED_NAMES.join(', ')}; default 1).
                                 Copy n listens on the default ports + ${COPY_PORT_STEP}×(n-1); the
                                 gateway and every gRPC client get the list of a service's copies.

Environment: INTERNAL_SECRET (default: generated once into .infra/internal-secret),
BOOTSTRAP_TOKEN (first start only; default: generated and printed), PORT, and every setting of the
README's configuration table that is set here (PUBLIC_URL, OUTBOUND_ALLOW_HOSTS, LOG_LEVEL,
CONTENT_*, SPECS_*, …) reaches the processes that read it.`;

/** --replicas content=2,sites=2 → { content: 2, sites: 2 }; a bad value is a clear error. */
export function parseReplicas(argv: string[]): Partial<Record<ScaledName, number>> {
  const at = argv.findIndex((a) => a === '--replicas' || a.startsWith('--replicas='));
  if (at < 0) return {};
  const value = argv[at]!.includes('=') && argv[at]!.startsWith('--replicas=') ? argv[at]!.slice('--replicas='.length) : argv[at + 1];
  if (!value) throw new Error('--replicas needs a value such as content=2,sites=2');
  const replicas: Partial<Record<ScaledName, number>> = {};
  for (const part of value.split(',').filter(Boolean)) {
    const [name, count] = part.split('=');
    if (!SCALED_NAMES.includes(name as ScaledName)) throw new Error(`--replicas: unknown service "${name}" (one of ${SCALED_NAMES.join(', ')})`);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`--replicas: "${part}" needs a whole number of copies from 1 to 9`);
    replicas[name as ScaledName] = n;
  }
  return replicas;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(HELP + '\n');
    return;
  }
  const replicas = parseReplicas(process.argv.slice(2));
  const root = repoRoot();
  const logger = createLogger('stack');
  for (const script of ['install.sh', 'infra.sh']) {
    const result = spawnSync('bash', [join(root, 'deploy/local', script), ...(script === 'infra.sh' ? ['start'] : [])], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`deploy/local/${script} failed`);
  }
  const envLines = spawnSync('bash', [join(root, 'deploy/local/env.sh')], { encoding: 'utf8' }).stdout;
  const infra = Object.fromEntries([...envLines.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]])) as Record<string, string>;

  const stateDir = join(root, '.infra');
  mkdirSync(stateDir, { recursive: true });
  const secretFile = join(stateDir, 'internal-secret');
  const internalSecret =
    process.env.INTERNAL_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : randomBytes(32).toString('base64url'));
  if (!process.env.INTERNAL_SECRET) writeFileSync(secretFile, internalSecret, { mode: 0o600 });
  const bootstrapToken = process.env.BOOTSTRAP_TOKEN ?? `qr_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'x')}`;

  const stack = new LocalStack({
    repoRoot: root,
    logDir: join(stateDir, 'stack-logs'),
    gatewayPort: Number(process.env.PORT ?? GATEWAY_DEFAULT_PORT),
    httpPortBase: DEFAULT_PORTS.identity.http,
    grpcPortBase: DEFAULT_PORTS.identity.grpc,
    databaseUrls: Object.fromEntries(SERVICE_NAMES.map((s) => [s, infra[`DATABASE_URL_${s.toUpperCase()}`]])) as Record<ServiceName, string>,
    redisUrl: infra.REDIS_URL as string,
    kafkaBrokers: infra.KAFKA_BROKERS as string,
    clickhouseUrl: `${infra.CLICKHOUSE_URL}/${infra.CLICKHOUSE_DATABASE}`,
    internalSecret,
    bootstrapToken,
    replicas,
    extraEnv: operatorSettings(process.env),
  });
  logger.info('starting services');
  const identityLog = join(stack.options.logDir, 'identity.log');
  const logOffset = existsSync(identityLog) ? readFileSync(identityLog).length : 0;
  await stack.startAll();
  stack.superviseAll((key, code, signal) => logger.warn({ process: key, code, signal }, 'process exited; starting it again'));
  // Identity logs the token only when it bootstrapped an empty store on this start.
  const fresh = existsSync(identityLog) ? readFileSync(identityLog).subarray(logOffset).toString('utf8') : '';
  const bootstrapped = /"bootstrapToken":"([^"]+)"/.exec(fresh)?.[1];
  process.stderr.write(
    [
      `Quire (distributed) is running at ${stack.url}`,
      `Processes: ${stack.processKeys().join(', ')}`,
      bootstrapped
        ? `First start: the bootstrap API token (shown once) is ${bootstrapped}`
        : 'Existing data: use a token you have, or create one with the CLI below.',
      `Admin CLI: IDENTITY_GRPC_ADDR=127.0.0.1:${stack.grpcPort('identity')} INTERNAL_SECRET=$(cat .infra/internal-secret) npm run -s cli -- --help`,
      'Stop with Ctrl-C.',
    ].join('\n') + '\n',
  );
  const stop = () => void stack.stopAll().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module)
  main().catch((err: Error) => {
    process.stderr.write(`error: ${err.message}\n`);
    process.exit(1);
  });
