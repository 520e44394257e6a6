// The container deployments (docker-compose.yml, deploy/docker/, deploy/k8s/) checked against the
// code: service names and ports from topology.ts, required settings from the env schemas, and the
// health endpoints every process serves. Each check collects every problem it finds and compares
// the list with [], so a failure names the file, the process and the setting at once.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  DEFAULT_PORTS,
  GATEWAY_DEFAULT_PORT,
  SERVICE_NAMES,
  WORKER_NAMES,
  WORKER_PROCESSES,
  grpcAddressVar,
  httpUrlVar,
  type ServiceName,
  type WorkerName,
} from '@quire/platform/topology';
import { serviceEnvSchema, sharedEnvSchema } from '@quire/platform/config';
import { distributedTopologyFromEnv, gatewaySettingsFromEnv } from '../../gateway/src/config';
import { bootstrapOptionsFromEnv, organizationCreationFromEnv } from '../../services/identity/src/settings';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked field by field
type Json = any;
type Process = ServiceName | WorkerName | 'gateway';
type Env = Record<string, string>;

const ROOT = join(__dirname, '..', '..');
const COMPOSE_FILE = 'docker-compose.yml';
const K8S_DIR = 'deploy/k8s';
const DOCKERFILE = 'deploy/docker/Dockerfile';
const PROCESSES: Process[] = [...SERVICE_NAMES, ...WORKER_NAMES, 'gateway'];

const isWorker = (name: Process): name is WorkerName => (WORKER_NAMES as string[]).includes(name);
/** The service whose image, entry point and settings a process uses (a worker: the service it is part of). */
const serviceOf = (name: Exclude<Process, 'gateway'>): ServiceName => (isWorker(name) ? WORKER_PROCESSES[name].service : name);
/** The image a process runs: a worker runs its service's image, in its role. */
const imageOf = (name: Process): string => (name === 'gateway' ? name : serviceOf(name));

/** Settings a service's entry point reads on top of serviceEnvSchema (see its src/main.ts). */
const EXTRA_REQUIRED: Partial<Record<ServiceName, string[]>> = {
  insights: ['CLICKHOUSE_URL'], // services/insights/src/main.ts
};
/** Settings the gateway cannot start without (gateway/src/config.ts). */
const GATEWAY_REQUIRED = ['INTERNAL_SECRET', 'REDIS_URL'];
/** Optional settings read outside the exported schemas. */
const EXTRA_KNOWN: Partial<Record<ServiceName, string[]>> = {
  identity: ['BOOTSTRAP_TOKEN', 'BOOTSTRAP_EMAIL', 'BOOTSTRAP_ORG_TITLE', 'QUIRE_ORG_CREATION', 'QUIRE_INSTANCE_ADMINS'], // services/identity/src/settings.ts
  insights: ['INSIGHTS_ROLE'], // services/insights/src/main.ts
};
/** Gateway settings besides the shared ones and the service addresses (gateway/src/config.ts, main.ts). */
const GATEWAY_KNOWN = [
  'PORT',
  'REDIS_URL',
  'BODY_LIMIT_BYTES',
  'RATE_LIMIT_PER_MINUTE',
  'UPSTREAM_TIMEOUT_MS',
  'AUTH_CACHE_TTL_SECONDS',
  'AUTH_LOCAL_TTL_MS',
  'GATEWAY_WORKERS',
  'ACCESS_LOG',
];
/**
 * Graceful shutdown, read by every process (packages/platform and gateway/src): after SIGTERM,
 * /readyz answers 503 for SHUTDOWN_DRAIN_MS while the process still serves, then in-flight requests
 * get up to SHUTDOWN_TIMEOUT_MS before consumers stop (committing offsets) and the process exits.
 */
const SHUTDOWN_SETTINGS = ['SHUTDOWN_DRAIN_MS', 'SHUTDOWN_TIMEOUT_MS'];
/** Time left after drain and timeout to stop consumers (commit offsets) and the outbox relay. */
const STOP_MARGIN_MS = 5000;
/** Time for a readiness change to reach the callers (endpoints, DNS, the gateway's probe). */
const ENDPOINT_UPDATE_MS = 1000;
/** Stands in for values the test cannot know: compose `${VAR:?}` and k8s Secret placeholders. */
const TEST_SECRET = 'deploy-manifests-test-secret-0123456789';
const LOOPBACK = /(^|[/@:])(127\.0\.0\.1|localhost|\[?::1\]?)([:/]|$)/;

const read = (rel: string) => readFileSync(join(ROOT, rel), 'utf8');

/** TypeScript files under a folder of the repository, relative to it. */
function sourceFiles(rel: string): string[] {
  return readdirSync(join(ROOT, rel), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(rel, f));
}

/** Every document of a YAML file, failing with the file name on a syntax error. */
function parseYaml(rel: string): Json[] {
  const docs = parseAllDocuments(read(rel), { merge: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const errors = list.flatMap((d) => d.errors.map((e) => `${rel}: ${e.message}`));
  if (errors.length) throw new Error(`YAML errors:\n${errors.join('\n')}`);
  return list.map((d) => d.toJS()).filter((d) => d !== null && d !== undefined);
}

function portsOf(name: Process): { http: number; grpc?: number } {
  if (name === 'gateway') return { http: GATEWAY_DEFAULT_PORT };
  // A worker serves no gRPC: its HTTP port carries /healthz, /readyz and /metrics.
  return isWorker(name) ? { http: WORKER_PROCESSES[name].http } : DEFAULT_PORTS[name];
}

/** The ports a process listens on with this environment. */
function listenPorts(name: Process, env: Env): { http: number; grpc?: number } {
  const ports = portsOf(name);
  if (name === 'gateway') return { http: Number(env.PORT ?? GATEWAY_DEFAULT_PORT) };
  if (isWorker(name)) return { http: Number(env.HTTP_PORT ?? ports.http) };
  return { http: Number(env.HTTP_PORT ?? ports.http), grpc: Number(env.GRPC_PORT ?? ports.grpc) };
}

/** Keys of a zod object schema that must be present (neither optional nor defaulted). */
function requiredKeys(shape: Record<string, { isOptional(): boolean }>): string[] {
  return Object.entries(shape)
    .filter(([, schema]) => !schema.isOptional())
    .map(([key]) => key);
}

/** Keys whose code default is a loopback address: wrong in any container, so they must be set. */
function loopbackDefaultKeys(shape: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>): string[] {
  return Object.entries(shape)
    .filter(([, schema]) => {
      const parsed = schema.safeParse(undefined);
      return parsed.success && typeof parsed.data === 'string' && LOOPBACK.test(parsed.data);
    })
    .map(([key]) => key);
}

/** Every setting a process reads; anything else set in a deployment is a typo or misplaced. */
function knownFor(name: Process): Set<string> {
  const common = ['NODE_OPTIONS'];
  if (name === 'gateway') {
    return new Set([...Object.keys(sharedEnvSchema.shape), ...GATEWAY_KNOWN, ...SERVICE_NAMES.flatMap((s) => [httpUrlVar(s), grpcAddressVar(s)]), ...common]);
  }
  const service = serviceOf(name);
  return new Set([...Object.keys(serviceEnvSchema(service).shape), ...(EXTRA_REQUIRED[service] ?? []), ...(EXTRA_KNOWN[service] ?? []), ...common]);
}

function requiredFor(name: Process): string[] {
  if (name === 'gateway') return [...GATEWAY_REQUIRED];
  const service = serviceOf(name);
  // A worker is told its role; without it the process would run its service's API too.
  const role = isWorker(name) ? Object.keys(WORKER_PROCESSES[name].role) : [];
  return [...requiredKeys(serviceEnvSchema(service).shape), ...(EXTRA_REQUIRED[service] ?? []), ...role];
}

/**
 * Role settings a process must carry with these values: a worker its own role, and the service it
 * is part of `api`, or its copies would run the worker's part too (the default role `all`).
 */
function roleFor(name: Process): Env {
  if (name === 'gateway') return {};
  if (isWorker(name)) return { ...WORKER_PROCESSES[name].role };
  const workers = WORKER_NAMES.filter((w) => WORKER_PROCESSES[w].service === name);
  return Object.fromEntries(workers.flatMap((w) => Object.keys(WORKER_PROCESSES[w].role).map((key) => [key, 'api'])));
}

function roleProblems(name: Process, env: Env): string[] {
  return Object.entries(roleFor(name))
    .filter(([key, value]) => env[key] !== value)
    .map(([key, value]) => `${key} is "${env[key]}", expected "${value}"`);
}

function mustOverrideFor(name: Process): string[] {
  if (name === 'gateway') {
    return [...loopbackDefaultKeys(sharedEnvSchema.shape), ...SERVICE_NAMES.flatMap((s) => [httpUrlVar(s), grpcAddressVar(s)])];
  }
  return loopbackDefaultKeys(serviceEnvSchema(serviceOf(name)).shape);
}

/** Runs the code's own configuration parsing on an environment; returns its error, if any. */
function configError(name: Process, env: Env): string | null {
  try {
    if (name === 'gateway') {
      const topology = distributedTopologyFromEnv(env);
      gatewaySettingsFromEnv(topology.upstreams, env);
    } else {
      const result = serviceEnvSchema(serviceOf(name)).safeParse(env);
      if (!result.success) return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      if (serviceOf(name) === 'insights' && !['api', 'consumer', 'all', undefined].includes(env.INSIGHTS_ROLE)) return `INSIGHTS_ROLE: "${env.INSIGHTS_ROLE}"`;
      if (name === 'identity') {
        bootstrapOptionsFromEnv(env);
        organizationCreationFromEnv(env);
      }
    }
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

function hostPort(value: string): { host: string; port: number } | null {
  const m = /^([^:/\s]+):(\d+)$/.exec(value);
  return m ? { host: m[1]!, port: Number(m[2]) } : null;
}

/** A gRPC address as grpc-js takes one name: `host:port` or `dns:///host:port` (null for a list of IPs). */
function grpcHostPort(value: string): { host: string; port: number } | null {
  return hostPort(value.replace(/^dns:(\/\/[^/]*\/)?/, ''));
}

/** Milliseconds of a positive integer setting, or NaN. */
function millis(value: string | undefined): number {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
}

/** A compose duration (`40s`, `1m30s`, `500ms`) in milliseconds; compose's default is 10s. */
function composeDurationMs(value: unknown): number {
  if (value === undefined || value === null) return 10_000;
  const text = String(value).trim();
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== text) return NaN;
  return parts.reduce((sum, m) => sum + Number(m[1]) * units[m[2]!]!, 0);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function urlPort(url: URL): number {
  if (url.port) return Number(url.port);
  return { 'http:': 80, 'https:': 443, 'redis:': 6379, 'postgres:': 5432, 'postgresql:': 5432 }[url.protocol] ?? NaN;
}

// ------------------------------------------------------------------ compose ----

const compose = parseYaml(COMPOSE_FILE)[0] as Json;
const composeServices: Record<string, Json> = compose?.services ?? {};

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?err}, ${VAR?err}, $$. */
function interpolate(value: string, vars: Env, where: string): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (match, name: string | undefined, op: string | undefined, arg: string) => {
    if (match === '$$') return '$';
    const v = vars[name!];
    if (!op) return v ?? '';
    if (op.endsWith('-')) return (op === ':-' ? v || undefined : v) ?? arg;
    if ((op === ':?' && !v) || v === undefined) throw new Error(`${where}: requires ${name} (${arg})`);
    return v;
  });
}

/** The environment compose gives a container; null values (pass-through) are left out. */
function composeEnv(service: string, vars: Env = { INTERNAL_SECRET: TEST_SECRET }): { env: Env; raw: Record<string, unknown> } {
  const spec = composeServices[service]?.environment ?? {};
  const raw: Record<string, unknown> = Array.isArray(spec)
    ? Object.fromEntries(spec.map((e: string) => (e.includes('=') ? [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] : [e, null])))
    : spec;
  const env: Env = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    env[key] = interpolate(String(value), vars, `${COMPOSE_FILE} services.${service}.environment.${key}`);
  }
  return { env, raw };
}

function composeImageIs(service: string, pattern: RegExp): boolean {
  return pattern.test(String(composeServices[service]?.image ?? ''));
}

/** Which compose service runs which image; used to check that URLs point at the right kind. */
function composeServiceWithImage(pattern: RegExp): string[] {
  return Object.keys(composeServices).filter((s) => composeImageIs(s, pattern));
}

function exposedPorts(service: string): number[] {
  const spec = composeServices[service] ?? {};
  const fromExpose = (spec.expose ?? []).map((p: unknown) => Number(String(p).split('/')[0]));
  const fromPorts = (spec.ports ?? []).map((p: unknown) => {
    if (typeof p === 'object' && p !== null) return Number((p as { target: unknown }).target);
    const parts = String(p).split('/')[0]!.split(':');
    return Number(parts[parts.length - 1]);
  });
  return [...fromExpose, ...fromPorts];
}

/** The ports a compose service's process listens on, as its environment sets them. */
function composeListenPorts(name: Process): { http: number; grpc?: number } {
  return listenPorts(name, composeEnv(name).env);
}

function healthcheckCommand(service: string): string {
  const test = composeServices[service]?.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : String(test ?? '');
}

describe(`${COMPOSE_FILE}`, () => {
  test('parses and has a services section', () => {
    expect(Object.keys(composeServices).length).toBeGreaterThan(0);
  });

  test('runs the infrastructure from official images', () => {
    const problems: string[] = [];
    const want: [string, RegExp][] = [
      ['postgres', /^postgres:16(\.|$|-)/],
      ['redis', /^redis:7(\.|$|-)/],
      ['kafka', /^apache\/kafka:3\.9\.0$/],
      ['clickhouse', /^clickhouse\/clickhouse-server:24(\.|$)/],
    ];
    for (const [service, image] of want) {
      if (!composeServices[service]) problems.push(`no compose service "${service}"`);
      else if (!composeImageIs(service, image)) problems.push(`services.${service}.image is "${composeServices[service].image}", expected ${image}`);
      else if (!composeServices[service].healthcheck?.test) problems.push(`services.${service} has no healthcheck (Quire services wait for it to be healthy)`);
    }
    expect(problems).toEqual([]);
  });

  test('the Postgres init script creates one database per service and is mounted', () => {
    const dir = 'deploy/docker/postgres-init';
    const sql = readdirSync(join(ROOT, dir))
      .filter((f) => /\.(sql|sh)$/.test(f))
      .map((f) => read(join(dir, f)))
      .join('\n');
    const created = [...sql.matchAll(/CREATE\s+DATABASE\s+"?(\w+)"?/gi)].map((m) => m[1]);
    expect(created.sort()).toEqual(SERVICE_NAMES.map((s) => `quire_${s}`).sort());
    const mounts = (composeServices.postgres?.volumes ?? []).map(String);
    expect(mounts.filter((v: string) => v.includes('postgres-init') && v.includes(':/docker-entrypoint-initdb.d'))).toHaveLength(1);
  });

  test('Kafka advertises a plaintext listener as kafka:9092 (KRaft, single node)', () => {
    const { env } = composeEnv('kafka');
    expect({
      advertised: env.KAFKA_ADVERTISED_LISTENERS?.split(',').includes('PLAINTEXT://kafka:9092'),
      roles: env.KAFKA_PROCESS_ROLES?.split(',').sort(),
      clusterId: /^[A-Za-z0-9_-]{22}$/.test(env.CLUSTER_ID ?? ''),
    }).toEqual({ advertised: true, roles: ['broker', 'controller'], clusterId: true });
  });

  describe.each(PROCESSES)('%s', (name) => {
    const ports = portsOf(name);

    test('has a compose service built from deploy/docker/Dockerfile with SERVICE set to it (a worker: its service)', () => {
      const spec = composeServices[name];
      expect(spec).toBeDefined();
      expect({ dockerfile: spec?.build?.dockerfile, context: spec?.build?.context, SERVICE: spec?.build?.args?.SERVICE, image: spec?.image }).toEqual({
        dockerfile: DOCKERFILE,
        context: '.',
        SERVICE: imageOf(name),
        image: expect.stringMatching(new RegExp(`^quire/${imageOf(name)}:`)),
      });
    });

    test('listens on the default ports of topology.ts and exposes them', () => {
      expect(composeListenPorts(name)).toEqual(ports);
      const exposed = exposedPorts(name);
      const missing = Object.values(ports).filter((p) => !exposed.includes(p));
      expect(missing).toEqual([]);
    });

    test('gets every required setting, and the code accepts the environment', () => {
      const { env, raw } = composeEnv(name);
      const problems: string[] = [];
      for (const key of requiredFor(name)) if (!(key in env)) problems.push(`${key} is required by the code but not set`);
      for (const key of mustOverrideFor(name)) if (!(key in raw)) problems.push(`${key} is not set: its default is a loopback address, wrong in a container`);
      if (env.BIND_HOST !== '0.0.0.0') problems.push(`BIND_HOST is "${env.BIND_HOST}", expected 0.0.0.0`);
      problems.push(...roleProblems(name, env));
      const known = knownFor(name);
      for (const key of Object.keys(raw))
        if (!known.has(key)) problems.push(`${key} is set but ${name} does not read it (typo, or meant for another process?)`);
      const error = configError(name, env);
      if (error) problems.push(`the code rejects this environment: ${error}`);
      expect(problems).toEqual([]);
    });

    test('*_GRPC_ADDR and *_HTTP_URL point at <compose service>:<its port>', () => {
      const { env } = composeEnv(name);
      const problems: string[] = [];
      for (const target of SERVICE_NAMES) {
        const addrVar = grpcAddressVar(target);
        if (addrVar in env) {
          // One DNS name, which compose answers with every copy's address (a scaled service).
          const hp = grpcHostPort(env[addrVar]!);
          const want = `${target}:${composeListenPorts(target).grpc}`;
          if (!hp || `${hp.host}:${hp.port}` !== want) problems.push(`${addrVar}="${env[addrVar]}", expected dns:///${want}`);
          if (hp && !composeServices[hp.host]) problems.push(`${addrVar}: no compose service "${hp.host}"`);
        }
        const urlVar = httpUrlVar(target);
        if (urlVar in env) {
          const url = parseUrl(env[urlVar]!);
          const want = `http://${target}:${composeListenPorts(target).http}`;
          if (!url || `${url.protocol}//${url.hostname}:${urlPort(url)}` !== want) problems.push(`${urlVar}="${env[urlVar]}", expected ${want}`);
        }
      }
      expect(problems).toEqual([]);
    });

    test('infrastructure URLs point at the right compose services', () => {
      const { env } = composeEnv(name);
      const problems: string[] = [];
      const check = (key: string, image: RegExp, port: number, path?: string) => {
        if (!(key in env)) return;
        type Target = { host?: string; port?: number; path?: string };
        const values: Target[] =
          key === 'KAFKA_BROKERS'
            ? env[key]!.split(',').map((b) => ({ host: hostPort(b)?.host, port: hostPort(b)?.port }))
            : [parseUrl(env[key]!)].map((url) => ({ host: url?.hostname, port: url ? urlPort(url) : undefined, path: url?.pathname }));
        for (const v of values) {
          if (!v.host || !composeServiceWithImage(image).includes(v.host))
            problems.push(`${key}="${env[key]}": host is not the compose service running ${image}`);
          if (v.port !== port) problems.push(`${key}="${env[key]}": port ${v.port}, expected ${port}`);
          if (path !== undefined && v.path !== path) problems.push(`${key}="${env[key]}": path ${v.path}, expected ${path}`);
        }
      };
      check('DATABASE_URL', /^postgres:/, 5432, `/quire_${imageOf(name)}`);
      check('REDIS_URL', /^redis:/, 6379);
      check('KAFKA_BROKERS', /^apache\/kafka:/, 9092);
      check('CLICKHOUSE_URL', /^clickhouse\//, 8123);
      if (imageOf(name) === 'insights' && !env.CLICKHOUSE_URL) problems.push(`${name} has no CLICKHOUSE_URL`);
      if (imageOf(name) !== 'insights' && env.CLICKHOUSE_URL) problems.push(`${name} gets CLICKHOUSE_URL, only insights needs it`);
      expect(problems).toEqual([]);
    });

    test('its healthcheck asks /readyz on its HTTP port with node (no curl in slim images)', () => {
      const command = healthcheckCommand(name);
      expect(command).toMatch(/^CMD node /);
      expect(command).toContain(`:${ports.http}/readyz`);
    });

    test('waits for the infrastructure it needs to be healthy', () => {
      const deps: Record<string, Json> = composeServices[name]?.depends_on ?? {};
      const needs = name === 'gateway' ? ['redis', 'identity'] : ['postgres', 'redis', 'kafka', ...(imageOf(name) === 'insights' ? ['clickhouse'] : [])];
      const notHealthy = needs.filter((d) => deps[d]?.condition !== 'service_healthy');
      expect(notHealthy).toEqual([]);
    });
  });

  test('every Quire process shares one INTERNAL_SECRET; only the gateway is published', () => {
    const secrets = new Set(PROCESSES.map((p) => String(composeEnv(p).raw.INTERNAL_SECRET)));
    expect(secrets.size).toBe(1);
    const published = Object.keys(composeServices).filter((s) => (composeServices[s].ports ?? []).length > 0);
    expect(published).toEqual(['gateway']);
    expect((composeServices.gateway?.ports ?? []).map(String)).toContain(`${GATEWAY_DEFAULT_PORT}:${GATEWAY_DEFAULT_PORT}`);
  });

  test('every service and worker can be scaled (--scale content=2): no fixed host port, no container_name', () => {
    const problems: string[] = [];
    for (const name of [...SERVICE_NAMES, ...WORKER_NAMES]) {
      const spec = composeServices[name] ?? {};
      if (spec.container_name) problems.push(`services.${name}.container_name is set: a second copy would need the same name`);
      for (const p of spec.ports ?? []) {
        const published =
          typeof p === 'object' && p !== null ? (p as { published?: unknown }).published : String(p).split('/')[0]!.split(':').slice(0, -1).pop();
        if (published !== undefined && published !== '')
          problems.push(`services.${name}.ports publishes host port ${String(published)}: a second copy could not bind it`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the scale command in the header comment names services that exist', () => {
    const command = /docker compose up[^\n]*--scale[^\n]*/.exec(read(COMPOSE_FILE))?.[0] ?? '';
    const scaled = [...command.matchAll(/--scale\s+(\w+)=(\d+)/g)].map((m) => ({ service: m[1]!, copies: Number(m[2]) }));
    expect(scaled.map((s) => s.service).sort()).toEqual(['content', 'sites']);
    expect(scaled.filter((s) => !composeServices[s.service] || s.copies < 2)).toEqual([]);
  });

  test.each(PROCESSES)('%s drains before it stops: drain + timeout + margin < stop_grace_period', (name) => {
    const { env } = composeEnv(name);
    const drain = millis(env.SHUTDOWN_DRAIN_MS);
    const timeout = millis(env.SHUTDOWN_TIMEOUT_MS);
    const grace = composeDurationMs(composeServices[name]?.stop_grace_period);
    expect({ drain: drain > 0, timeout: timeout > 0 }).toEqual({ drain: true, timeout: true });
    expect(drain + timeout + STOP_MARGIN_MS).toBeLessThanOrEqual(grace);
  });
});

// ---------------------------------------------------------------------- k8s ----

const k8sFiles = readdirSync(join(ROOT, K8S_DIR)).filter((f) => /\.ya?ml$/.test(f));
const k8sDocs: { file: string; doc: Json }[] = k8sFiles.flatMap((file) => parseYaml(join(K8S_DIR, file)).map((doc) => ({ file, doc })));
const manifests = k8sDocs.filter(({ doc }) => doc.kind !== 'Kustomization');

function find(kind: string, name: string): Json | undefined {
  return manifests.find(({ doc }) => doc.kind === kind && doc.metadata?.name === name)?.doc;
}

/** The Service a host name in the quire namespace names (`svc`, `svc.quire`, …`.svc.cluster.local`). */
function serviceByHost(host: string): Json | undefined {
  const m = /^([a-z0-9-]+)(\.quire(\.svc(\.cluster\.local)?)?)?$/.exec(host);
  return m ? find('Service', m[1]!) : undefined;
}

/** Values of a ConfigMap or Secret (data is base64, stringData plain). */
function valuesOf(kind: 'ConfigMap' | 'Secret', name: string): Env | undefined {
  const obj = find(kind, name);
  if (!obj) return undefined;
  const decoded = Object.fromEntries(
    Object.entries(obj.data ?? {}).map(([k, v]) => [k, kind === 'Secret' ? Buffer.from(String(v), 'base64').toString('utf8') : String(v)]),
  );
  return { ...decoded, ...Object.fromEntries(Object.entries(obj.stringData ?? {}).map(([k, v]) => [k, String(v)])) };
}

/** The environment a container gets, resolving envFrom and valueFrom against this folder. */
function k8sEnv(container: Json): { env: Env; fromSecret: Set<string>; problems: string[] } {
  const env: Env = {};
  const fromSecret = new Set<string>();
  const problems: string[] = [];
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
    const values = valuesOf(kind, ref?.name);
    if (!values) {
      if (!ref?.optional) problems.push(`envFrom ${kind} "${ref?.name}" is not defined in ${K8S_DIR}`);
      continue;
    }
    for (const [k, v] of Object.entries(values)) {
      env[`${source.prefix ?? ''}${k}`] = v;
      if (kind === 'Secret') fromSecret.add(`${source.prefix ?? ''}${k}`);
    }
  }
  for (const entry of container.env ?? []) {
    if ('value' in entry) {
      env[entry.name] = String(entry.value);
      continue;
    }
    const ref = entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef;
    if (!ref) {
      problems.push(`env ${entry.name} has neither value nor configMapKeyRef/secretKeyRef`);
      continue;
    }
    const kind = entry.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const value = valuesOf(kind, ref.name)?.[ref.key];
    if (value === undefined) {
      if (!ref.optional) problems.push(`env ${entry.name}: ${kind} "${ref.name}" has no key "${ref.key}" in ${K8S_DIR}`);
      continue;
    }
    env[entry.name] = value;
    if (kind === 'Secret') fromSecret.add(entry.name);
  }
  return { env, fromSecret, problems };
}

function containerOf(deployment: Json): Json | undefined {
  const containers: Json[] = deployment?.spec?.template?.spec?.containers ?? [];
  return containers.find((c) => c.name === deployment.metadata.name) ?? containers[0];
}

function containerPort(container: Json, port: unknown): number | undefined {
  if (typeof port === 'number') return port;
  return (container.ports ?? []).find((p: Json) => p.name === port)?.containerPort;
}

function labelsMatch(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  return !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

describe(`${K8S_DIR}`, () => {
  test('has the namespace, the shared ConfigMap and the Secrets (stringData placeholders)', () => {
    expect(manifests.filter(({ doc }) => doc.kind === 'Namespace').map(({ doc }) => doc.metadata.name)).toEqual(['quire']);
    const secrets = manifests.filter(({ doc }) => doc.kind === 'Secret');
    const problems: string[] = [];
    for (const { file, doc } of secrets) {
      if (file !== 'secret.yaml') problems.push(`Secret ${doc.metadata.name} is in ${file}, expected secret.yaml`);
      if (!doc.stringData || doc.data) problems.push(`Secret ${doc.metadata.name} should use stringData only`);
    }
    const keys = new Set(secrets.flatMap(({ doc }) => Object.keys(doc.stringData ?? {})));
    for (const key of ['INTERNAL_SECRET', 'BOOTSTRAP_TOKEN']) if (!keys.has(key)) problems.push(`no Secret has ${key}`);
    for (const { doc } of manifests.filter(({ doc }) => doc.kind === 'ConfigMap')) {
      const leaked = Object.keys(doc.data ?? {}).filter((k) => /SECRET|TOKEN|PASSWORD|DATABASE_URL|REDIS_URL|CLICKHOUSE_URL/.test(k));
      if (leaked.length) problems.push(`ConfigMap ${doc.metadata.name} holds credentials: ${leaked.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  test('placeholders committed for INTERNAL_SECRET and BOOTSTRAP_TOKEN are rejected by the code', () => {
    const values = manifests.filter(({ doc }) => doc.kind === 'Secret').flatMap(({ doc }) => Object.entries(doc.stringData ?? {}) as [string, string][]);
    for (const [, value] of values.filter(([k]) => k === 'INTERNAL_SECRET')) {
      expect(sharedEnvSchema.shape.INTERNAL_SECRET.safeParse(value).success).toBe(false);
    }
    for (const [, value] of values.filter(([k]) => k === 'BOOTSTRAP_TOKEN')) {
      expect(() => bootstrapOptionsFromEnv({ BOOTSTRAP_TOKEN: value })).toThrow(/BOOTSTRAP_TOKEN/);
    }
  });

  test('every ConfigMap and Secret key is a setting some process reads', () => {
    const known = new Set(PROCESSES.flatMap((p) => [...knownFor(p)]));
    const unknown = manifests
      .filter(({ doc }) => doc.kind === 'ConfigMap' || doc.kind === 'Secret')
      .flatMap(({ doc }) =>
        Object.keys({ ...doc.data, ...doc.stringData })
          .filter((k) => !known.has(k))
          .map((k) => `${doc.kind} ${doc.metadata.name}: ${k}`),
      );
    expect(unknown).toEqual([]);
  });

  test('kustomization.yaml lists every file of the folder, and only those', () => {
    const kustomization = k8sDocs.find(({ doc }) => doc.kind === 'Kustomization')?.doc;
    expect(kustomization).toBeDefined();
    const listed: string[] = kustomization?.resources ?? [];
    const files = k8sFiles.filter((f) => !/^kustomization\.ya?ml$/.test(f));
    expect({ missing: files.filter((f) => !listed.includes(f)), unknown: listed.filter((f) => !existsSync(join(ROOT, K8S_DIR, f))) }).toEqual({
      missing: [],
      unknown: [],
    });
  });

  test('the shutdown settings the deployments set are read by the code (packages/platform, gateway)', () => {
    const sources = ['packages/platform/src', 'gateway/src'].flatMap((dir) => sourceFiles(dir).map((f) => read(f)));
    const unread = SHUTDOWN_SETTINGS.filter((key) => !sources.some((text) => text.includes(key)));
    expect(unread).toEqual([]);
  });

  test('every manifest is in the quire namespace', () => {
    const outside = manifests
      .filter(({ doc }) => doc.kind !== 'Namespace' && doc.metadata?.namespace !== 'quire')
      .map(({ file, doc }) => `${file}: ${doc.kind} ${doc.metadata?.name} (namespace ${doc.metadata?.namespace})`);
    expect(outside).toEqual([]);
  });

  describe.each(PROCESSES)('%s', (name) => {
    const ports = portsOf(name);
    const deployment = find('Deployment', name);
    const container = containerOf(deployment);

    test('has a Deployment, a Service (not a worker: nothing calls it) and a HorizontalPodAutoscaler', () => {
      const kinds = isWorker(name) ? ['Deployment', 'HorizontalPodAutoscaler'] : ['Deployment', 'Service', 'HorizontalPodAutoscaler'];
      expect(kinds.filter((kind) => !find(kind, name))).toEqual([]);
    });

    test('the Deployment runs image quire/<name> (the Dockerfile built with SERVICE=<name>; a worker: its service)', () => {
      expect(container?.image).toMatch(new RegExp(`^quire/${imageOf(name)}:`));
      expect(container?.command).toBeUndefined();
      expect(labelsMatch(deployment?.spec?.selector?.matchLabels, deployment?.spec?.template?.metadata?.labels)).toBe(true);
    });

    test('container ports are the default ports of topology.ts', () => {
      const declared = Object.fromEntries((container?.ports ?? []).map((p: Json) => [p.name, p.containerPort]));
      expect(declared).toEqual(ports);
    });

    test('probes: /healthz for liveness (and start-up), /readyz for readiness, on the HTTP port', () => {
      const probe = (kind: string) => {
        const p = container?.[kind];
        return p ? { path: p.httpGet?.path, port: containerPort(container, p.httpGet?.port) } : undefined;
      };
      expect({ liveness: probe('livenessProbe'), readiness: probe('readinessProbe') }).toEqual({
        liveness: { path: '/healthz', port: ports.http },
        readiness: { path: '/readyz', port: ports.http },
      });
      if (container?.startupProbe) expect(probe('startupProbe')).toEqual({ path: '/healthz', port: ports.http });
    });

    test('has resource requests (CPU, which the autoscaler needs, and memory) and a memory limit', () => {
      const resources = container?.resources ?? {};
      expect({ cpu: !!resources.requests?.cpu, memory: !!resources.requests?.memory, memoryLimit: !!resources.limits?.memory }).toEqual({
        cpu: true,
        memory: true,
        memoryLimit: true,
      });
    });

    test('gets every required setting (env, envFrom ConfigMap/Secret, valueFrom), and the code accepts it', () => {
      const { env, fromSecret, problems } = k8sEnv(container ?? {});
      for (const key of requiredFor(name)) if (!(key in env)) problems.push(`${key} is required by the code but not provided`);
      for (const key of mustOverrideFor(name)) if (!(key in env)) problems.push(`${key} is not set: its default is a loopback address, wrong in a pod`);
      if (env.BIND_HOST !== '0.0.0.0') problems.push(`BIND_HOST is "${env.BIND_HOST}", expected 0.0.0.0`);
      if (imageOf(name) === 'insights' && !env.CLICKHOUSE_URL) problems.push(`${name} has no CLICKHOUSE_URL`);
      problems.push(...roleProblems(name, env));
      const known = knownFor(name);
      for (const entry of container?.env ?? [])
        if (!known.has(entry.name)) problems.push(`env ${entry.name} is set but ${name} does not read it (typo, or meant for another process?)`);
      for (const key of ['INTERNAL_SECRET', 'DATABASE_URL', 'REDIS_URL', 'CLICKHOUSE_URL', 'BOOTSTRAP_TOKEN']) {
        if (key in env && !fromSecret.has(key)) problems.push(`${key} should come from a Secret`);
      }
      // Secrets hold placeholders that are meant to fail; stand in a valid secret for the parse.
      const error = configError(name, { ...env, INTERNAL_SECRET: TEST_SECRET, ...(env.BOOTSTRAP_TOKEN ? { BOOTSTRAP_TOKEN: TEST_SECRET } : {}) });
      if (error) problems.push(`the code rejects this environment: ${error}`);
      expect(problems).toEqual([]);
    });

    test('ports set in env match the container ports', () => {
      expect(listenPorts(name, k8sEnv(container ?? {}).env)).toEqual(ports);
    });

    test('*_GRPC_ADDR and *_HTTP_URL point at a headless Service of the target (every pod), on its port', () => {
      const { env } = k8sEnv(container ?? {});
      const problems: string[] = [];
      for (const target of SERVICE_NAMES) {
        const targetPods = find('Deployment', target)?.spec?.template?.metadata?.labels;
        const check = (setting: string, host: string | undefined, port: number | undefined, portName: 'http' | 'grpc') => {
          const svc = host === undefined ? undefined : serviceByHost(host);
          const svcPort = (svc?.spec?.ports ?? []).find((p: Json) => p.name === portName);
          if (!svc) problems.push(`${setting}: no Service "${host}" in ${K8S_DIR}`);
          else if (svc.spec?.clusterIP !== 'None')
            problems.push(`${setting}: Service ${svc.metadata.name} is not headless (clusterIP: None), so callers see one pod`);
          else if (!labelsMatch(svc.spec?.selector, targetPods)) problems.push(`${setting}: Service ${svc.metadata.name} does not select the ${target} pods`);
          else if (
            !svcPort ||
            svcPort.port !== port ||
            containerPort(containerOf(find('Deployment', target)) ?? {}, svcPort.targetPort) !== DEFAULT_PORTS[target][portName]
          )
            problems.push(`${setting}: port ${port} is not Service ${svc.metadata.name}'s ${portName} port (${DEFAULT_PORTS[target][portName]})`);
        };
        const addrVar = grpcAddressVar(target);
        if (addrVar in env) {
          const hp = grpcHostPort(env[addrVar]!);
          if (!hp) problems.push(`${addrVar}="${env[addrVar]}", expected dns:///<headless Service>:${DEFAULT_PORTS[target].grpc}`);
          else check(`${addrVar}="${env[addrVar]}"`, hp.host, hp.port, 'grpc');
        }
        const urlVar = httpUrlVar(target);
        if (urlVar in env) {
          const url = parseUrl(env[urlVar]!);
          if (!url || url.protocol !== 'http:') problems.push(`${urlVar}="${env[urlVar]}", expected http://<headless Service>:${DEFAULT_PORTS[target].http}`);
          else check(`${urlVar}="${env[urlVar]}"`, url.hostname, urlPort(url), 'http');
        }
      }
      expect(problems).toEqual([]);
    });

    test('the Service selects the pods and maps http (and grpc) to the container ports; a worker has none', () => {
      const service = find('Service', name);
      if (isWorker(name)) return expect(service).toBeUndefined();
      const labels = deployment?.spec?.template?.metadata?.labels;
      expect(labelsMatch(service?.spec?.selector, labels)).toBe(true);
      const mapped = Object.fromEntries(
        (service?.spec?.ports ?? []).map((p: Json) => [p.name, { port: p.port, target: containerPort(container ?? {}, p.targetPort ?? p.port) }]),
      );
      const expected = Object.fromEntries(Object.entries(ports).map(([portName, port]) => [portName, { port, target: port }]));
      expect(mapped).toEqual(expected);
    });

    test('the HorizontalPodAutoscaler (autoscaling/v2) scales this Deployment on CPU utilization', () => {
      const hpa = find('HorizontalPodAutoscaler', name);
      const cpu = (hpa?.spec?.metrics ?? []).find((m: Json) => m.type === 'Resource' && m.resource?.name === 'cpu');
      expect({
        apiVersion: hpa?.apiVersion,
        target: `${hpa?.spec?.scaleTargetRef?.kind}/${hpa?.spec?.scaleTargetRef?.name}`,
        cpu: cpu?.resource?.target?.type,
        range: hpa?.spec?.minReplicas >= 1 && hpa?.spec?.maxReplicas >= hpa?.spec?.minReplicas,
        deploymentReplicas: deployment?.spec?.replicas,
      }).toEqual({ apiVersion: 'autoscaling/v2', target: `Deployment/${name}`, cpu: 'Utilization', range: true, deploymentReplicas: undefined });
    });

    test('runs two copies at least by default, and its PodDisruptionBudget lets one of them go', () => {
      const hpa = find('HorizontalPodAutoscaler', name);
      const pdb = find('PodDisruptionBudget', name);
      const copies = Math.max(Number(hpa?.spec?.minReplicas ?? 0), Number(deployment?.spec?.replicas ?? 0));
      const spec = pdb?.spec ?? {};
      const count = (v: unknown) => (typeof v === 'string' && v.endsWith('%') ? Math.floor((copies * Number(v.slice(0, -1))) / 100) : Number(v));
      // Voluntary disruptions allowed with `copies` pods running (what `kubectl drain` may evict).
      const allowed = 'maxUnavailable' in spec ? count(spec.maxUnavailable) : 'minAvailable' in spec ? copies - count(spec.minAvailable) : NaN;
      expect({
        atLeastTwo: copies >= 2, // two copies of every process, so one can go while the other serves
        pdbSelectsPods: labelsMatch(spec.selector?.matchLabels, deployment?.spec?.template?.metadata?.labels),
        oneMayGo: allowed >= 1,
        oneStays: allowed < copies,
      }).toEqual({ atLeastTwo: true, pdbSelectsPods: true, oneMayGo: true, oneStays: true });
    });

    test('drains on SIGTERM: drain + timeout + margin fit in terminationGracePeriodSeconds', () => {
      const { env } = k8sEnv(container ?? {});
      const drain = millis(env.SHUTDOWN_DRAIN_MS);
      const timeout = millis(env.SHUTDOWN_TIMEOUT_MS);
      const grace = Number(deployment?.spec?.template?.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
      // A preStop hook runs before SIGTERM and inside the same grace period.
      const preStop = container?.lifecycle?.preStop;
      const sleep = preStop?.sleep?.seconds ?? (preStop?.exec?.command?.[0] === 'sleep' ? Number(preStop.exec.command[1]) : preStop ? NaN : 0);
      expect({ drain: drain > 0, timeout: timeout > 0, preStop: Number.isFinite(sleep) }).toEqual({ drain: true, timeout: true, preStop: true });
      expect(sleep * 1000 + drain + timeout + STOP_MARGIN_MS).toBeLessThanOrEqual(grace);
    });

    test('the readiness probe takes a draining pod out within SHUTDOWN_DRAIN_MS; liveness does not kill it meanwhile', () => {
      const { env } = k8sEnv(container ?? {});
      const drain = millis(env.SHUTDOWN_DRAIN_MS);
      const timeout = millis(env.SHUTDOWN_TIMEOUT_MS);
      const probe = (kind: string) => ({ period: Number(container?.[kind]?.periodSeconds ?? 10), failures: Number(container?.[kind]?.failureThreshold ?? 3) });
      const readiness = probe('readinessProbe');
      const liveness = probe('livenessProbe');
      // The first /readyz 503 can come a whole period after SIGTERM; `failures` of them take it out.
      const outAfterMs = readiness.period * readiness.failures * 1000 + ENDPOINT_UPDATE_MS;
      // Once it stops accepting, /healthz fails too: the kubelet must not restart it before the timeout.
      const livenessKillsAfterMs = liveness.period * (liveness.failures - 1) * 1000;
      expect({ outWithinDrain: outAfterMs < drain, livenessWaitsForTimeout: livenessKillsAfterMs >= timeout }).toEqual({
        outWithinDrain: true,
        livenessWaitsForTimeout: true,
      });
    });

    test('runs as a non-root user', () => {
      const podSc = deployment?.spec?.template?.spec?.securityContext ?? {};
      const sc = container?.securityContext ?? {};
      expect(sc.runAsNonRoot ?? podSc.runAsNonRoot).toBe(true);
      expect(sc.runAsUser ?? podSc.runAsUser).not.toBe(0);
    });
  });
});

// ------------------------------------------------------------ Dockerfile ----

describe(DOCKERFILE, () => {
  const text = read(DOCKERFILE);
  // Joins continuation lines, drops comments.
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const args = Object.fromEntries(
    instructions
      .filter((l) => /^ARG\s/i.test(l))
      .map((l) => l.replace(/^ARG\s+/i, '').split('='))
      .map(([k, v]) => [k!.trim(), v?.trim()]),
  );
  const resolve = (s: string) => s.replace(/\$\{?(\w+)\}?/g, (m, k: string) => args[k] ?? m);

  test('builds on node:20-bookworm-slim with npm ci, npm run build and a dev-dependency prune', () => {
    const bases = instructions.filter((l) => /^FROM\s/i.test(l)).map((l) => resolve(l.split(/\s+/)[1]!));
    expect(bases.length).toBeGreaterThanOrEqual(2);
    expect(bases.every((b) => b === 'node:20-bookworm-slim')).toBe(true);
    const runs = instructions.filter((l) => /^RUN\s/i.test(l)).join('\n');
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/npm run build\b/);
    expect(runs).toMatch(/npm prune --omit=dev\b/);
  });

  test('selects the entry point with ARG SERVICE, for the gateway and every service', () => {
    expect('SERVICE' in args).toBe(true);
    expect(text).toContain('gateway/dist/main.js');
    expect(text).toContain('services/${SERVICE}/dist/main.js');
    const missing = PROCESSES.map((p) => (p === 'gateway' ? 'gateway/src/main.ts' : `services/${serviceOf(p)}/src/main.ts`)).filter(
      (f) => !existsSync(join(ROOT, f)),
    );
    expect(missing).toEqual([]);
    expect(instructions.some((l) => /^(CMD|ENTRYPOINT)\s/i.test(l))).toBe(true);
  });

  test('runs as a non-root user, and its numeric uid is the one the Deployments use', () => {
    const users = instructions.filter((l) => /^USER\s/i.test(l)).map((l) => l.split(/\s+/)[1]!);
    const last = users[users.length - 1];
    expect(last).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(last);
    const uid = Number(last!.split(':')[0]);
    const runAs = manifests
      .filter(({ doc }) => doc.kind === 'Deployment')
      .map(({ doc }) => containerOf(doc)?.securityContext?.runAsUser ?? doc.spec.template.spec.securityContext?.runAsUser);
    expect(new Set(runAs)).toEqual(new Set([uid]));
  });

  test('exposes the ports of every process', () => {
    const exposed = instructions
      .filter((l) => /^EXPOSE\s/i.test(l))
      .flatMap((l) =>
        l
          .split(/\s+/)
          .slice(1)
          .map((p) => Number(resolve(p).split('/')[0])),
      );
    const missing = PROCESSES.flatMap((p) => Object.values(portsOf(p))).filter((p) => !exposed.includes(p));
    expect(missing).toEqual([]);
  });

  test('.dockerignore keeps node_modules, dist, data, .infra and .git out of the context', () => {
    const patterns = read('.dockerignore')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    const missing = ['node_modules', 'dist', 'data', '.infra', '.git'].filter(
      (p) => !patterns.some((pat) => pat === p || pat === `**/${p}` || pat === `${p}/` || pat === `**/${p}/`),
    );
    expect(missing).toEqual([]);
  });
});
