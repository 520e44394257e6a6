import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import {
  DEFAULT_PORTS,
  SERVICE_NAMES,
  WORKER_NAMES,
  WORKER_PROCESSES,
  grpcAddressVar,
  httpUrlVar,
  type ServiceName,
  type WorkerName,
} from '@quire/platform/topology';
import { defaultPublicUrl } from '@quire/urls';

// Distributed mode on one machine: one process per service plus the gateway, against the real
// Postgres, Redis, Kafka and ClickHouse that deploy/local/ starts. Used by `npm run stack` and by
// the end-to-end suite, which also kills and restarts single processes through it.

/** What can run as copies: a service (its API) or a worker of topology.ts (`insights-consumer`). */
export type ScaledName = ServiceName | WorkerName;
export type ProcessName = ScaledName | 'gateway';
/** One process of the stack: a service's or worker's copy (1 = the first) or the gateway. */
export type ProcessKey = ProcessName | `${ScaledName}#${number}`;
/** Services first, then workers: the order of the stack's processes and of their HTTP ports. */
export const SCALED_NAMES: readonly ScaledName[] = [...SERVICE_NAMES, ...WORKER_NAMES];

/** Copies of each service or worker after the first are on the same ports + COPY_PORT_STEP × n. */
export const COPY_PORT_STEP = 100;

/** A process's ports above the bases: its default ports' distance from identity's (topology.ts). */
function portOffset(name: ScaledName): { http: number; grpc: number } {
  const base = DEFAULT_PORTS.identity;
  if (isWorker(name)) return { http: WORKER_PROCESSES[name].http - base.http, grpc: 0 };
  return { http: DEFAULT_PORTS[name].http - base.http, grpc: DEFAULT_PORTS[name].grpc - base.grpc };
}

function isWorker(name: ProcessName): name is WorkerName {
  return (WORKER_NAMES as string[]).includes(name);
}

/**
 * The operator's settings (README, Configuration) that the stack hands to its processes when they
 * are set where `npm run stack` starts. Addresses, ports, databases and secrets are the stack's.
 */
export const OPERATOR_SETTING =
  /^(PUBLIC_URL|KAFKA_NAMESPACE|LOG_LEVEL|LOG_SYNC|ACCESS_LOG|BIND_HOST|OUTBOUND_ALLOW_HOSTS|GRPC_DEADLINE_MS|GATEWAY_WORKERS|BODY_LIMIT_BYTES|BODY_TIMEOUT_MS|RATE_LIMIT_PER_MINUTE|SCIM_RATE_LIMIT_PER_MINUTE|TRUSTED_PROXIES|UPSTREAM_TIMEOUT_MS|AUTH_CACHE_TTL_SECONDS|AUTH_LOCAL_TTL_MS|OUTBOX_RETENTION_HOURS|PROCESSED_EVENTS_RETENTION_HOURS|SHUTDOWN_DRAIN_MS|SHUTDOWN_TIMEOUT_MS|BOOTSTRAP_EMAIL|BOOTSTRAP_ORG_TITLE|QUIRE_ORG_CREATION|QUIRE_INSTANCE_ADMINS|(CONTENT|SPECS|INSIGHTS|SITES|IDENTITY|WEBHOOKS|READER)_(?!HTTP_URL$|GRPC_ADDR$|ROLE$)[A-Z0-9_]+)$/;

/** The operator settings among `env`. */
export function operatorSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => OPERATOR_SETTING.test(e[0]) && e[1] !== undefined));
}

export interface LocalStackOptions {
  repoRoot: string;
  logDir: string;
  gatewayPort: number;
  /**
   * Each process gets the bases plus its default ports' distance from identity's in topology.ts
   * (identity +0, …, insights +4, insights-consumer +5 (HTTP only), webhooks +6, reader +7).
   */
  httpPortBase: number;
  grpcPortBase: number;
  /** Database URL for each service. */
  databaseUrls: Record<ServiceName, string>;
  redisUrl: string;
  kafkaBrokers: string;
  clickhouseUrl: string;
  internalSecret: string;
  bootstrapToken: string;
  /** Copies per service or worker (default 1); the gateway and every gRPC client get the list of a service's. */
  replicas?: Partial<Record<ScaledName, number>>;
  /** The operator's settings (operatorSettings(process.env)) or a test's: they win over the stack's defaults. */
  extraEnv?: Record<string, string>;
  /** How long a started process may take to answer /readyz (default 30 s). */
  readyTimeoutMs?: number;
}

export interface ProcessHandle {
  name: ProcessKey;
  child: ChildProcess;
}

/** `content#2` → content, copy 2; `content` is copy 1. */
export function parseProcessKey(key: ProcessKey): { name: ProcessName; copy: number } {
  const [name, copy] = key.split('#') as [ProcessName, string | undefined];
  return { name, copy: copy ? Number(copy) : 1 };
}

/** Called when a supervised process exited on its own, before it is started again. */
export type RestartListener = (key: ProcessKey, code: number | null, signal: string | null) => void;

const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;

export class LocalStack {
  readonly processes = new Map<ProcessKey, ProcessHandle>();
  /** Set by superviseAll: exits are then restarts, until stopAll. */
  private onRestart: RestartListener | null = null;
  private stopping = false;

  constructor(readonly options: LocalStackOptions) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.gatewayPort}`;
  }

  replicas(name: ScaledName): number {
    return Math.max(1, this.options.replicas?.[name] ?? 1);
  }

  httpPort(name: ScaledName, copy = 1): number {
    return this.options.httpPortBase + portOffset(name).http + (copy - 1) * COPY_PORT_STEP;
  }

  grpcPort(name: ServiceName, copy = 1): number {
    return this.options.grpcPortBase + portOffset(name).grpc + (copy - 1) * COPY_PORT_STEP;
  }

  /** Every copy's HTTP base URL, comma-separated: what the gateway's *_HTTP_URL takes. */
  httpUrls(name: ServiceName): string {
    return this.copies(name)
      .map((c) => `http://127.0.0.1:${this.httpPort(name, c)}`)
      .join(',');
  }

  /** Every copy's gRPC address, comma-separated: what *_GRPC_ADDR takes. */
  grpcAddresses(name: ServiceName): string {
    return this.copies(name)
      .map((c) => `127.0.0.1:${this.grpcPort(name, c)}`)
      .join(',');
  }

  /** Every process of the stack, services' copies first, then workers', the gateway last. */
  processKeys(): ProcessKey[] {
    return [...SCALED_NAMES.flatMap((s) => this.copies(s).map((c): ProcessKey => (c === 1 ? s : `${s}#${c}`))), 'gateway'];
  }

  private copies(name: ScaledName): number[] {
    return Array.from({ length: this.replicas(name) }, (_, i) => i + 1);
  }

  /** The environment of one process, exactly as a deployment would set it. */
  envFor(key: ProcessKey): Record<string, string> {
    const { name, copy } = parseProcessKey(key);
    if (name === 'gateway') return { ...this.sharedEnv(), PORT: String(this.options.gatewayPort) };
    if (isWorker(name)) {
      const worker = WORKER_PROCESSES[name];
      return { ...this.serviceEnv(worker.service), HTTP_PORT: String(this.httpPort(name, copy)), ...worker.role };
    }
    return { ...this.serviceEnv(name), HTTP_PORT: String(this.httpPort(name, copy)), GRPC_PORT: String(this.grpcPort(name, copy)) };
  }

  private sharedEnv(): Record<string, string> {
    const o = this.options;
    return {
      PUBLIC_URL: defaultPublicUrl(o.gatewayPort),
      LOG_LEVEL: 'warn',
      // A local stack stops soon; a deployment sets the drain its balancer needs (deploy/k8s). The
      // gateway probes every copy's /readyz each second: 2.5 s leaves it two probes, even on a busy
      // machine, to take a draining copy out before the copy closes its idle connections.
      SHUTDOWN_DRAIN_MS: '2500',
      ...o.extraEnv,
      INTERNAL_SECRET: o.internalSecret,
      REDIS_URL: o.redisUrl,
      KAFKA_BROKERS: o.kafkaBrokers,
      ...Object.fromEntries(SERVICE_NAMES.map((s) => [grpcAddressVar(s), this.grpcAddresses(s)])),
      ...Object.fromEntries(SERVICE_NAMES.map((s) => [httpUrlVar(s), this.httpUrls(s)])),
    };
  }

  private serviceEnv(name: ServiceName): Record<string, string> {
    const o = this.options;
    return {
      ...this.sharedEnv(),
      DATABASE_URL: o.databaseUrls[name],
      ...(name === 'identity' ? { BOOTSTRAP_TOKEN: o.bootstrapToken } : {}),
      // The stack runs insights' consumer as processes of their own (WORKER_PROCESSES).
      ...(name === 'insights' ? { CLICKHOUSE_URL: o.clickhouseUrl, INSIGHTS_ROLE: 'api' } : {}),
    };
  }

  entryPoint(key: ProcessKey): string {
    const { name } = parseProcessKey(key);
    if (name === 'gateway') return join(this.options.repoRoot, 'gateway/dist/main.js');
    return join(this.options.repoRoot, `services/${isWorker(name) ? WORKER_PROCESSES[name].service : name}/dist/main.js`);
  }

  /** Starts a process and waits until its /readyz answers 200; `env` adds to its environment. */
  async start(key: ProcessKey, timeoutMs = this.options.readyTimeoutMs ?? 30000, env: Record<string, string> = {}): Promise<void> {
    mkdirSync(this.options.logDir, { recursive: true });
    const { name, copy } = parseProcessKey(key);
    const port = name === 'gateway' ? this.options.gatewayPort : this.httpPort(name, copy);
    // Another process on the port would answer the readiness check in this one's place.
    if (await isListening(port)) throw new Error(`Port ${port} for ${key} is in use by another process (an earlier stack still running?)`);
    const logName = copy === 1 ? name : `${name}-${copy}`;
    const log = createWriteStream(join(this.options.logDir, `${logName}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [this.entryPoint(key)], {
      env: { PATH: process.env.PATH ?? '', ...this.envFor(key), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Two sources into one file: neither may end it while the other still writes.
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.once('close', () => log.end());
    this.processes.set(key, { name: key, child });
    await waitForReady(
      `http://127.0.0.1:${port}/readyz`,
      timeoutMs,
      () => child.exitCode !== null,
      `${key} (log: ${join(this.options.logDir, `${logName}.log`)})`,
    );
  }

  /** Kills a process at once (SIGKILL), as a crash would. */
  async kill(key: ProcessKey): Promise<void> {
    const handle = this.processes.get(key);
    if (!handle || handle.child.exitCode !== null) return;
    const exited = new Promise((r) => handle.child.once('exit', r));
    handle.child.kill('SIGKILL');
    await exited;
    this.processes.delete(key);
  }

  /** Identity first (it bootstraps the token), then every other copy, then the gateway. */
  async startAll(): Promise<void> {
    const keys = this.processKeys();
    await this.start('identity');
    await Promise.all(keys.filter((k) => k !== 'identity' && k !== 'gateway').map((k) => this.start(k)));
    await this.start('gateway');
  }

  /**
   * Supervision: a process that exits on its own (a crash, not a stop) is started again, after a
   * second and with backoff while it keeps failing.
   */
  superviseAll(onRestart: RestartListener): void {
    this.onRestart = onRestart;
    for (const [key, handle] of this.processes) this.watch(key, handle.child);
  }

  private watch(key: ProcessKey, child: ChildProcess): void {
    child.once('exit', (code, signal) => {
      // A process stopped on purpose (`stop`) is no longer in the table: not a crash.
      if (this.stopping || !this.onRestart || this.processes.get(key)?.child !== child) return;
      this.onRestart(key, code, signal);
      this.restartLater(key, RESTART_FIRST_MS);
    });
  }

  private restartLater(key: ProcessKey, delayMs: number): void {
    setTimeout(() => {
      if (this.stopping) return;
      this.start(key).then(
        () => this.watch(key, this.processes.get(key)!.child),
        () => {
          void this.kill(key);
          this.restartLater(key, Math.min(delayMs * 2, RESTART_MAX_MS));
        },
      );
    }, delayMs).unref();
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.processes.keys()].map((key) => this.stop(key)));
  }

  /** Stops one process as a deployment would (SIGTERM, SIGKILL after 15 s); it is not restarted. */
  async stop(key: ProcessKey): Promise<void> {
    const handle = this.processes.get(key);
    if (!handle) return;
    this.processes.delete(key);
    if (handle.child.exitCode !== null) return;
    await new Promise<void>((resolveStop) => {
      const timer = setTimeout(() => handle.child.kill('SIGKILL'), 15000);
      handle.child.once('exit', () => {
        clearTimeout(timer);
        resolveStop();
      });
      handle.child.kill('SIGTERM');
    });
  }
}

export async function waitForReady(url: string, timeoutMs: number, hasDied: () => boolean = () => false, label = url): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (hasDied()) throw new Error(`${label} exited during start-up`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${label} not ready after ${timeoutMs} ms: ${last}`);
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function repoRoot(): string {
  return resolve(__dirname, '..', '..', '..');
}
