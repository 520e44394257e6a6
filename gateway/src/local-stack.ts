import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVICE_NAMES, grpcAddressVar, httpUrlVar, type ServiceName } from '@quire/common';

// Distributed mode on one machine: one process per service plus the gateway, against the real
// Postgres, Redis, Kafka and ClickHouse that deploy/local/ starts. Used by `npm run stack` and by
// the end-to-end suite, which also kills and restarts single processes through it.

export type ProcessName = ServiceName | 'gateway';

export interface LocalStackOptions {
  repoRoot: string;
  logDir: string;
  gatewayPort: number;
  /** Service i gets HTTP port httpPortBase+i and gRPC port grpcPortBase+i. */
  httpPortBase: number;
  grpcPortBase: number;
  /** Database URL for each service. */
  databaseUrls: Record<ServiceName, string>;
  redisUrl: string;
  kafkaBrokers: string;
  clickhouseUrl: string;
  internalSecret: string;
  bootstrapToken: string;
  extraEnv?: Record<string, string>;
}

export interface ProcessHandle {
  name: ProcessName;
  child: ChildProcess;
}

export class LocalStack {
  readonly processes = new Map<ProcessName, ProcessHandle>();

  constructor(readonly options: LocalStackOptions) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.gatewayPort}`;
  }

  httpPort(name: ServiceName): number {
    return this.options.httpPortBase + SERVICE_NAMES.indexOf(name);
  }

  grpcPort(name: ServiceName): number {
    return this.options.grpcPortBase + SERVICE_NAMES.indexOf(name);
  }

  /** The environment of one process, exactly as a deployment would set it. */
  envFor(name: ProcessName): Record<string, string> {
    const o = this.options;
    const shared: Record<string, string> = {
      PUBLIC_URL: `http://localhost:${o.gatewayPort}`,
      INTERNAL_SECRET: o.internalSecret,
      REDIS_URL: o.redisUrl,
      KAFKA_BROKERS: o.kafkaBrokers,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...Object.fromEntries(SERVICE_NAMES.map((s) => [grpcAddressVar(s), `127.0.0.1:${this.grpcPort(s)}`])),
      ...Object.fromEntries(SERVICE_NAMES.map((s) => [httpUrlVar(s), `http://127.0.0.1:${this.httpPort(s)}`])),
      ...o.extraEnv,
    };
    if (name === 'gateway') return { ...shared, PORT: String(o.gatewayPort) };
    return {
      ...shared,
      HTTP_PORT: String(this.httpPort(name)),
      GRPC_PORT: String(this.grpcPort(name)),
      DATABASE_URL: o.databaseUrls[name],
      ...(name === 'identity' ? { BOOTSTRAP_TOKEN: o.bootstrapToken } : {}),
      ...(name === 'insights' ? { CLICKHOUSE_URL: o.clickhouseUrl } : {}),
    };
  }

  entryPoint(name: ProcessName): string {
    return name === 'gateway' ? join(this.options.repoRoot, 'gateway/dist/main.js') : join(this.options.repoRoot, `services/${name}/dist/main.js`);
  }

  /** Starts a process and waits until its /readyz answers 200. */
  async start(name: ProcessName, timeoutMs = 30000): Promise<void> {
    mkdirSync(this.options.logDir, { recursive: true });
    const log = createWriteStream(join(this.options.logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [this.entryPoint(name)], {
      env: { PATH: process.env.PATH ?? '', ...this.envFor(name) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.processes.set(name, { name, child });
    const port = name === 'gateway' ? this.options.gatewayPort : this.httpPort(name);
    await waitForReady(
      `http://127.0.0.1:${port}/readyz`,
      timeoutMs,
      () => child.exitCode !== null,
      `${name} (log: ${join(this.options.logDir, `${name}.log`)})`,
    );
  }

  /** Kills a process at once (SIGKILL), as a crash would. */
  async kill(name: ProcessName): Promise<void> {
    const handle = this.processes.get(name);
    if (!handle || handle.child.exitCode !== null) return;
    const exited = new Promise((r) => handle.child.once('exit', r));
    handle.child.kill('SIGKILL');
    await exited;
    this.processes.delete(name);
  }

  async startAll(): Promise<void> {
    await this.start('identity');
    await Promise.all(SERVICE_NAMES.filter((s) => s !== 'identity').map((s) => this.start(s)));
    await this.start('gateway');
  }

  async stopAll(): Promise<void> {
    await Promise.all(
      [...this.processes.values()].map(
        (h) =>
          new Promise<void>((resolveStop) => {
            if (h.child.exitCode !== null) return resolveStop();
            const timer = setTimeout(() => h.child.kill('SIGKILL'), 5000);
            h.child.once('exit', () => {
              clearTimeout(timer);
              resolveStop();
            });
            h.child.kill('SIGTERM');
          }),
      ),
    );
    this.processes.clear();
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

export function repoRoot(): string {
  return resolve(__dirname, '..', '..');
}
