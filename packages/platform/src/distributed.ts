import { KafkaBus } from './bus/kafka';
import { RedisCache } from './cache/redis';
import { serviceConfigFromEnv, type DefaultPorts } from './config';
import { createLogger } from './logger';
import { stopTrackingActors } from './outbox/actor-context';
import { createContext, startService, type RunningService, type ServiceModule } from './runtime';
import { PostgresDatabase } from './sql/postgres';

/**
 * Process entry of one service in distributed mode: real Postgres, Redis and Kafka from env.
 * `ports`: the defaults of a process that is not the service's API (a worker of topology.ts).
 */
export async function runDistributed(module: ServiceModule, options: { ports?: DefaultPorts } = {}): Promise<RunningService> {
  const config = serviceConfigFromEnv(module.name, process.env, options.ports);
  const logger = createLogger(module.name, config.logLevel);
  // One service per process: its own declaration decides (embedded mode's process runs them all and keeps tracking).
  if (!module.writesEvents) stopTrackingActors();
  const cache = new RedisCache(config.redisUrl, logger);
  // Redis may come up after us: the service starts anyway and answers 503 where it needs it.
  await cache.connect();
  const ctx = createContext(config, {
    db: new PostgresDatabase(config.databaseUrl, logger),
    bus: new KafkaBus(config.kafkaBrokers, `quire-${module.name}`, logger, config.kafkaNamespace),
    cache,
    logger,
  });
  // The signals are taken before the service has started: its HTTP server answers (and a balancer
  // may send it requests) while its consumers are still joining their groups, and a SIGTERM then
  // must drain like any other, not end the process at once (Node's default).
  let started: ((running: RunningService) => void) | undefined;
  const whenStarted = new Promise<RunningService>((resolve) => (started = resolve));
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, ...config.shutdown }, 'shutting down: draining, then finishing requests in flight');
    void whenStarted
      .then((running) => running.stop(config.shutdown))
      .then(() => Promise.all([ctx.bus.close(), ctx.cache.close(), ctx.db.close()]))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  const running = await startService(module, ctx);
  started?.(running);
  return running;
}

/** Runs `main`, logging a startup failure as JSON and exiting non-zero. */
export function runMain(service: string, main: () => Promise<unknown>): void {
  main().catch((err: Error) => {
    createLogger(service).fatal({ err: err.message, stack: err.stack }, 'failed to start');
    process.exit(1);
  });
}
