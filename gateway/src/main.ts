import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { createLogger, Metrics, RedisCache, runMain, ServiceClients } from '@quire/common';
import { createGatewayApp } from './app';
import { distributedTopologyFromEnv, gatewaySettingsFromEnv } from './config';
import { listen } from './server';

// Distributed mode: GATEWAY_WORKERS processes (default: one per core) share the port.
const workers = Number(process.env.GATEWAY_WORKERS ?? availableParallelism());

if (cluster.isPrimary && workers > 1) {
  const logger = createLogger('gateway');
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
    logger.warn({ pid: worker.process.pid, code, signal }, 'gateway worker died; starting another');
    cluster.fork();
  });
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 500).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  runMain('gateway', async () => {
    const topology = distributedTopologyFromEnv();
    const { settings, port, bindHost, logLevel, grpcDeadlineMs } = gatewaySettingsFromEnv(topology.upstreams);
    const logger = createLogger('gateway', logLevel);
    const cache = new RedisCache(topology.redisUrl, logger);
    await cache.connect().catch((err: Error) => logger.warn({ err: err.message }, 'redis not reachable yet'));
    const clients = new ServiceClients(topology.grpcAddresses, grpcDeadlineMs);
    const app = createGatewayApp(settings, {
      cache,
      identity: () => clients.identity(),
      logger,
      metrics: new Metrics('gateway'),
      readiness: {
        cache: () => cache.ping(),
        identity: async () => {
          await clients.identity().check({});
        },
      },
    });
    await listen(app, port, bindHost);
    logger.info({ port, pid: process.pid }, 'gateway listening');
    const shutdown = () => process.exit(0);
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  });
}
