import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { z } from '@quire/input';
import { RedisCache } from '@quire/platform/cache/redis';
import { readEnv } from '@quire/platform/config';
import { runMain } from '@quire/platform/distributed';
import { ServiceClients } from '@quire/platform/grpc';
import { closeGracefully, Lifecycle, Metrics } from '@quire/platform/http';
import { createLogger } from '@quire/platform/logger';
import { createGatewayApp } from './app';
import { distributedTopologyFromEnv, gatewaySettingsFromEnv } from './config';
import { listen } from './server';

// Distributed mode: GATEWAY_WORKERS processes (default: one per core) share the port.
const workers = readEnv(z.object({ GATEWAY_WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()) })).GATEWAY_WORKERS;

if (cluster.isPrimary && workers > 1) {
  const logger = createLogger('gateway');
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
    logger.warn({ pid: worker.process.pid, code, signal }, 'gateway worker died; starting another');
    cluster.fork();
  });
  // Workers drain on their own (below); the primary exits once they all have.
  const stop = () => {
    const running = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    if (running.length === 0) process.exit(0);
    for (const w of running) w?.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  runMain('gateway', async () => {
    const topology = distributedTopologyFromEnv();
    const { settings, port, bindHost, logLevel, grpcDeadlineMs, shutdownSettings } = gatewaySettingsFromEnv(topology.upstreams);
    const logger = createLogger('gateway', logLevel);
    const cache = new RedisCache(topology.redisUrl, logger);
    await cache.connect();
    const clients = new ServiceClients(topology.grpcAddresses, grpcDeadlineMs);
    const lifecycle = new Lifecycle();
    const app = createGatewayApp(settings, {
      cache,
      identity: () => clients.identity(),
      sites: () => clients.sites(),
      logger,
      metrics: new Metrics('gateway'),
      // Ready as soon as it listens: with identity or Redis down the gateway still answers
      // (a JSON 503, or uncached authentication), which beats being taken out of rotation.
      readiness: { serving: lifecycle.readiness },
    });
    const server = await listen(app, port, bindHost);
    logger.info({ port, pid: process.pid }, 'gateway listening');
    const shutdown = (signal: string) => {
      logger.info({ signal, ...shutdownSettings }, 'gateway draining');
      lifecycle.draining = true;
      setTimeout(() => void closeGracefully(server, shutdownSettings.timeoutMs).finally(() => process.exit(0)), shutdownSettings.drainMs);
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  });
}
