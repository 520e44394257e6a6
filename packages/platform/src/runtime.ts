import { createServer, type RequestListener, type Server } from 'node:http';
import type { Express, Router } from 'express';
import type * as grpc from '@grpc/grpc-js';
import type { MessageBus } from './bus/bus';
import type { BlobStore } from './blobs/blob-store';
import { PgBlobStore } from './blobs/pg-blob-store';
import type { Cache } from './cache/cache';
import type { ServiceConfig } from './config';
import { deadLetterRoutes } from './dead-letters/admin.routes';
import { DeadLetters } from './dead-letters/dead-letters';
import { ServiceClients } from './grpc/clients';
import { startGrpcServer, stopGrpcServer, type ServiceBinding } from './grpc/server';
import { answerClientErrorsAsJson } from './http/client-errors';
import { closeGracefully, Lifecycle, type ShutdownSettings } from './http/graceful-close';
import { servedRoutes, type ServedRoute } from './http/route-inventory';
import { createServiceApp, finishServiceApp, serviceListener, type PlainRoute, type ServiceAppOptions } from './http/service-app';
import { Metrics, type ReadinessCheck } from './http/observability';
import type { Logger } from './logger';
import { OutboxRelay } from './outbox/relay';
import { OutboxSweeper } from './outbox/sweeper';
import { COMMON_MIGRATIONS_DIR, migrate } from './sql/migrate';
import type { SqlDatabase } from './sql/database';
import { UrlBuilder } from '@quire/urls';

export type Clock = () => Date;

/** Everything a service gets from its process: adapters chosen by the way of running. */
export interface ServiceContext {
  config: ServiceConfig;
  db: SqlDatabase;
  /** Every subscription through it is guarded by `deadLetters`. */
  bus: MessageBus;
  cache: Cache;
  blobs: BlobStore;
  logger: Logger;
  metrics: Metrics;
  clock: Clock;
  deadLetters: DeadLetters;
  clients: ServiceClients;
  urls: UrlBuilder;
  outbox: OutboxRelay;
}

export interface ServiceParts {
  routes(app: Express): void;
  /** Operator routes under /internal (never proxied by the gateway): they check an admin signature, not a user. */
  adminRoutes?: Router[];
  /** Requests answered before express, on Node's own objects (the reader's pages): its hottest path. */
  plainRoute?: PlainRoute;
  /** The largest request body the service parses (bytes); past it a 413 before any parse. Default 10 MB. */
  bodyLimit?: number;
  /** Also takes `application/x-www-form-urlencoded` bodies, left for the service's routes to parse (the reader's forms). */
  formBodies?: boolean;
  /** None: the process serves no gRPC (a worker such as insights' consumer) and opens no gRPC port. */
  grpc: ServiceBinding[];
  readiness?: Record<string, ReadinessCheck>;
  /** Consumers, sweepers: started after the servers are up. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

export interface ServiceModule {
  name: ServiceConfig['name'];
  migrationsDir: string;
  /**
   * Whether the service writes outbox events (enqueueEvent), which carry the actor of the flow that
   * wrote them. A process running only services that do not stops tracking actors (outbox/actor-context.ts).
   */
  writesEvents: boolean;
  build(ctx: ServiceContext): Promise<ServiceParts> | ServiceParts;
}

export interface RunningService {
  name: string;
  httpPort: number;
  /** What serves `httpPort`: embedded mode's gateway hands requests without a body to it directly. */
  httpListener: RequestListener;
  /** null when the process serves no gRPC. */
  grpcPort: number | null;
  /** The `/v1` routes its HTTP app serves, with their input schemas (Quire's OpenAPI document). */
  httpRoutes: ServedRoute[];
  /**
   * Graceful stop: /readyz answers 503 for `drainMs` while requests are still served (balancers
   * take the copy out), then the servers stop accepting and finish what is in flight (up to
   * `timeoutMs`), then consumers stop (committing their offsets), and the outbox relay publishes
   * last, so the events of the last requests leave too.
   */
  stop(shutdown?: Partial<ShutdownSettings>): Promise<void>;
}

export interface Adapters {
  db: SqlDatabase;
  /** File bytes; default: the service's own database (distributed mode). */
  blobs?: BlobStore;
  bus: MessageBus;
  cache: Cache;
  logger: Logger;
  metrics?: Metrics;
  clock?: Clock;
}

export function createContext(config: ServiceConfig, adapters: Adapters): ServiceContext {
  const metrics = adapters.metrics ?? new Metrics(config.name);
  const deadLetters = new DeadLetters(adapters.db, adapters.logger, metrics.deadLetters);
  return {
    config,
    ...adapters,
    bus: deadLetters.guardBus(adapters.bus),
    blobs: adapters.blobs ?? new PgBlobStore(adapters.db),
    metrics,
    deadLetters,
    clock: adapters.clock ?? (() => new Date()),
    clients: new ServiceClients(config.grpcAddresses, config.grpcDeadlineMs),
    urls: new UrlBuilder(config.publicUrl),
    outbox: new OutboxRelay(adapters.db, adapters.bus, adapters.logger),
  };
}

/** A service's migrations: the common ones, then its own. */
export function migrationFolders(module: Pick<ServiceModule, 'name' | 'migrationsDir'>): { prefix: string; dir: string }[] {
  return [
    { prefix: 'common', dir: COMMON_MIGRATIONS_DIR },
    { prefix: module.name, dir: module.migrationsDir },
  ];
}

/** Migrates, then serves HTTP and gRPC, then starts the outbox relay and the service's workers. */
export async function startService(module: ServiceModule, ctx: ServiceContext): Promise<RunningService> {
  const { config, logger } = ctx;
  await migrate(ctx.db, migrationFolders(module), logger);
  const parts = await module.build(ctx);

  const lifecycle = new Lifecycle();
  const shell: ServiceAppOptions = {
    service: module.name,
    logger,
    internalSecret: config.internalSecret,
    metrics: ctx.metrics,
    lifecycle,
    readiness: { serving: lifecycle.readiness, database: () => ctx.db.ping(), ...parts.readiness },
    adminRoutes: [deadLetterRoutes(ctx.deadLetters, config.internalSecret), ...(parts.adminRoutes ?? [])],
    bodyLimit: parts.bodyLimit,
    formBodies: parts.formBodies,
  };
  const app = createServiceApp(shell);
  parts.routes(app);
  finishServiceApp(app, logger);
  const listener = serviceListener(app, shell, parts.plainRoute);

  const grpcServer = parts.grpc.length > 0 ? await startGrpcServer(`${config.bindHost}:${config.grpcPort}`, parts.grpc, logger) : null;
  const httpServer = await listen(listener, config.httpPort, config.bindHost);
  const httpPort = (httpServer.address() as { port: number }).port;
  ctx.outbox.start();
  const sweeper = new OutboxSweeper(ctx.db, logger, config.outboxRetention);
  sweeper.start();
  await parts.start?.();
  logger.info({ httpPort, grpcPort: grpcServer?.port ?? null }, `${module.name} service started`);

  return {
    name: module.name,
    httpPort,
    httpListener: listener,
    grpcPort: grpcServer?.port ?? null,
    httpRoutes: servedRoutes(app),
    stop: async (shutdown = {}) => {
      lifecycle.draining = true;
      if (shutdown.drainMs) await new Promise((r) => setTimeout(r, shutdown.drainMs));
      await Promise.all([
        closeGracefully(httpServer, shutdown.timeoutMs ?? 0),
        grpcServer ? stopGrpcServer(grpcServer.server as grpc.Server, Math.max(shutdown.timeoutMs ?? 0, 2000)) : undefined,
      ]);
      // Consumers finish and commit what they hold while the stores they write are still open.
      await ctx.bus.stopConsuming?.();
      await parts.stop?.();
      sweeper.stop();
      await ctx.outbox.stop();
      ctx.clients.close();
    },
  };
}

function listen(listener: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener).listen(port, host);
    answerClientErrorsAsJson(server);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
    server.keepAliveTimeout = 65000;
  });
}
