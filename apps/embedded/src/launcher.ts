import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RequestListener, Server } from 'node:http';
import { FsBlobStore } from '@quire/platform/blobs';
import { InProcessBus, type MessageBus } from '@quire/platform/bus';
import { MemoryCache } from '@quire/platform/cache';
import { outboxRetentionFromEnv, splitList } from '@quire/platform/config';
import { ServiceClients } from '@quire/platform/grpc';
import { Metrics } from '@quire/platform/http';
import { createLogger, type Logger } from '@quire/platform/logger';
import { createContext, startService, type RunningService, type ServiceModule } from '@quire/platform/runtime';
import { SERVICE_NAMES, type ServiceName } from '@quire/platform/topology';
import { defaultPublicUrl } from '@quire/urls';
import { contentModule } from '@quire/content';
import { bootstrapOptionsFromEnv, identityModule, organizationCreationFromEnv, type BootstrapResult } from '@quire/identity';
import { auditSettingsFromEnv, insightsModule } from '@quire/insights';
import { sitesModule } from '@quire/sites';
import { specsModule } from '@quire/specs';
import { readerModule } from '@quire/reader';
import { webhooksModule } from '@quire/webhooks';
import { close, createGatewayApp, gatewaySettingsFromEnv } from '@quire/gateway';
import { openEmbeddedDatabases, type EmbeddedDatabases } from './databases';
import { bindGatewayPort, type BoundPort } from './gateway-port';
import { embeddedCacheMaxBytesFromEnv, embeddedGrpcDeadlinesFromEnv, type EmbeddedGrpcDeadlines } from './settings';

export interface EmbeddedQuire {
  /** Where this process listens (loopback when BIND_HOST is 0.0.0.0): what the CLI and tests call. */
  url: string;
  /** The base of every `urls` field: PUBLIC_URL, or the default host on the bound port. */
  publicUrl: string;
  port: number;
  dataDir: string;
  bootstrap: BootstrapResult | null;
  services: Record<ServiceName, RunningService>;
  /** The in-process bus all services share (tests publish to it directly). */
  bus: MessageBus;
  stop(): Promise<void>;
}

/**
 * Embedded mode: the gateway and all seven services in this process, sharing one PGlite database
 * under DATA_DIR (a schema per service), one in-process bus and one in-memory cache. Services still talk
 * gRPC over loopback. The gateway hands a request without a body to its service's request listener
 * in this process (the loopback HTTP hop was the largest cost of a cached published page,
 * docs/benchmarks.md, Reader); a request with a body still goes over loopback HTTP.
 */
export async function startEmbedded(env: NodeJS.ProcessEnv = process.env, logger: Logger = createLogger('quire', env.LOG_LEVEL)): Promise<EmbeddedQuire> {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const internalSecret = env.INTERNAL_SECRET ?? readOrCreateSecret(dataDir);
  const { settings, port, bindHost } = gatewaySettingsFromEnv({} as Record<ServiceName, string>, env, { INTERNAL_SECRET: internalSecret });
  const grpcDeadlines = embeddedGrpcDeadlinesFromEnv(env);
  const publicUrl = env.PUBLIC_URL ?? defaultPublicUrl(port);
  // First, before the first start's bootstrap creates a token it shows only once (gateway-port.ts).
  const gateway = await bindGatewayPort(port, bindHost);
  try {
    return await startBehind(gateway, env, logger, { dataDir, internalSecret, settings, grpcDeadlines, publicUrl });
  } catch (err) {
    await close(gateway.server);
    throw err;
  }
}

/** What the start settled before binding the port. */
interface StartSettings {
  dataDir: string;
  internalSecret: string;
  settings: ReturnType<typeof gatewaySettingsFromEnv>['settings'];
  grpcDeadlines: EmbeddedGrpcDeadlines;
  publicUrl: string;
}

/** The services, then the gateway's app on the port already bound. */
async function startBehind(gateway: BoundPort, env: NodeJS.ProcessEnv, logger: Logger, started: StartSettings): Promise<EmbeddedQuire> {
  const { dataDir, internalSecret, publicUrl } = started;
  const bus = new InProcessBus(logger);
  // Shared by the gateway (auth, rate limits) and the services (content's revisions and page answers).
  const cache = new MemoryCache(Date.now, { maxBytes: embeddedCacheMaxBytesFromEnv(env) });
  // Filled in as each gRPC server binds its ephemeral port; clients read it at first use.
  const grpcAddresses = Object.fromEntries(SERVICE_NAMES.map((s) => [s, '127.0.0.1:0'])) as Record<ServiceName, string>;
  let bootstrap: BootstrapResult | null = null;
  const modules = serviceModules(env, (r) => (bootstrap = r));

  logger.info({ dataDir }, 'opening the embedded database');
  const { instance, databases } = await openEmbeddedDatabases(dataDir, modules, logger);
  logger.info('embedded database open');
  const services = await startServices(modules, env, started, grpcAddresses, { databases, bus, cache, logger });

  const clients = new ServiceClients(grpcAddresses, started.grpcDeadlines.api);
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((s) => [s, `http://127.0.0.1:${services[s].httpPort}`])) as Record<ServiceName, string>;
  const listeners = Object.fromEntries(SERVICE_NAMES.map((s) => [s, services[s].httpListener])) as Record<ServiceName, RequestListener>;
  gateway.serve(embeddedGatewayApp(started, { urls: upstreams, listeners }, clients, cache, logger));
  const server: Server = gateway.server;
  const boundPort = (server.address() as { port: number }).port;
  const localUrl = defaultPublicUrl(boundPort);
  const runtimeFile = join(dataDir, 'runtime.json');
  writeFileSync(
    runtimeFile,
    // serviceUrls: each service's own HTTP port, for the CLI's /internal admin calls (dead letters).
    JSON.stringify({ pid: process.pid, url: localUrl, identityGrpcAddress: grpcAddresses.identity, serviceUrls: upstreams, internalSecret }, null, 2),
    { mode: 0o600 },
  );

  return {
    url: localUrl,
    publicUrl,
    port: boundPort,
    dataDir,
    bootstrap,
    services,
    bus,
    stop: async () => {
      await close(server);
      clients.close();
      await Promise.all(Object.values(services).map((s) => s.stop()));
      await bus.close();
      await cache.close();
      await instance.close();
      rmSync(runtimeFile, { force: true });
    },
  };
}

/** The seven services' modules; identity reports the first start's bootstrap through `onBootstrap`. */
function serviceModules(env: NodeJS.ProcessEnv, onBootstrap: (result: BootstrapResult) => void): Record<ServiceName, ServiceModule> {
  return {
    identity: identityModule({ bootstrap: bootstrapOptionsFromEnv(env), organizationCreation: organizationCreationFromEnv(env), onBootstrap }),
    content: contentModule(),
    sites: sitesModule(),
    specs: specsModule(),
    insights: insightsModule(auditSettingsFromEnv(env)),
    webhooks: webhooksModule(),
    reader: readerModule(),
  };
}

/** What every service of the process shares. */
interface SharedResources {
  databases: EmbeddedDatabases['databases'];
  bus: MessageBus;
  cache: MemoryCache;
  logger: Logger;
}

/** Starts identity, then the others at once; each records its gRPC address in `grpcAddresses` as it binds. */
async function startServices(
  modules: Record<ServiceName, ServiceModule>,
  env: NodeJS.ProcessEnv,
  started: StartSettings,
  grpcAddresses: Record<ServiceName, string>,
  shared: SharedResources,
): Promise<Record<ServiceName, RunningService>> {
  const { dataDir, internalSecret, grpcDeadlines, publicUrl } = started;
  const services = {} as Record<ServiceName, RunningService>;
  const start = async (name: ServiceName) => {
    const ctx = createContext(
      {
        name,
        httpPort: 0,
        grpcPort: 0,
        bindHost: '127.0.0.1',
        publicUrl,
        internalSecret,
        logLevel: env.LOG_LEVEL ?? 'info',
        grpcDeadlineMs: name === 'reader' ? grpcDeadlines.reader : grpcDeadlines.api,
        grpcAddresses,
        outboundAllowHosts: splitList(env.OUTBOUND_ALLOW_HOSTS ?? ''),
        outboxRetention: outboxRetentionFromEnv(env),
      },
      {
        db: shared.databases[name],
        bus: shared.bus,
        cache: shared.cache,
        blobs: new FsBlobStore(join(dataDir, 'blobs', name)),
        logger: shared.logger.child({ service: name }),
      },
    );
    services[name] = await startService(modules[name], ctx);
    grpcAddresses[name] = `127.0.0.1:${services[name].grpcPort}`;
  };
  await start('identity');
  await Promise.all(SERVICE_NAMES.filter((s) => s !== 'identity').map(start));
  return services;
}

/**
 * The gateway's app over the services in this process (their listeners, and their HTTP ports for
 * requests with a body), ready when every service answers its health check.
 */
function embeddedGatewayApp(
  started: StartSettings,
  upstreams: { urls: Record<ServiceName, string>; listeners: Record<ServiceName, RequestListener> },
  clients: ServiceClients,
  cache: MemoryCache,
  logger: Logger,
): ReturnType<typeof createGatewayApp> {
  return createGatewayApp(
    { ...started.settings, upstreams: upstreams.urls, publicUrl: started.publicUrl },
    {
      cache,
      inProcess: upstreams.listeners,
      identity: () => clients.identity(),
      sites: () => clients.sites(),
      logger: logger.child({ service: 'gateway' }),
      metrics: new Metrics('quire-embedded'),
      readiness: Object.fromEntries(
        SERVICE_NAMES.map((s) => [
          s,
          async () => {
            const answer = await clients.health(s).check({});
            if (!answer.ready) throw new Error(`${s} is not ready`);
          },
        ]),
      ),
    },
  );
}

/** The secret that signs principals and admin calls; generated once per data directory. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'internal-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
