import { join } from 'node:path';
import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';
import { healthBinding } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { webhooks } from '@quire/proto';
import { startBusEventsConsumer } from './consumers/bus-events.consumer';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './domain/retry-schedule';
import type { WebhooksHttpDeps } from './http/deps';
import { webhooksRoutes } from './http/webhooks/webhooks.routes';
import { sealStoredCredentials } from './domain/webhooks';
import { startDeliveryRetention } from './jobs/delivery-retention';
import { DeliveryMetrics, DeliveryWorker } from './jobs/delivery-worker';

/** The webhooks service's own settings (both modes read them from the environment; README, Configuration). */
const webhooksEnvSchema = z.object({
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOKS_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE)
    .transform((text, ctx) => {
      try {
        return parseRetrySchedule(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  WEBHOOKS_CONCURRENCY_PER_ENDPOINT: z.coerce.number().int().positive().default(4),
  WEBHOOKS_CONCURRENCY_PER_ORGANIZATION: z.coerce.number().int().positive().default(16),
  WEBHOOKS_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(64),
  WEBHOOKS_MAX_PER_ORGANIZATION: z.coerce.number().int().positive().default(50),
  WEBHOOKS_POLL_MS: z.coerce.number().int().positive().default(250),
  WEBHOOKS_RETENTION_DAYS: z.coerce.number().positive().default(30),
});

/** The webhooks service: organizations' webhook subscriptions, fed by every service's events. */
export function webhooksModule(): ServiceModule {
  return {
    name: 'webhooks',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: (ctx: ServiceContext) => {
      const env = readEnv(webhooksEnvSchema);
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const policy = new OutboundAddressPolicy(ctx.config.outboundAllowHosts);
      const fetcher = new OutboundFetcher(policy);
      const deps: WebhooksHttpDeps = {
        ...ctx,
        membership,
        policy,
        serviceSecret: ctx.config.internalSecret,
        maxPerOrganization: env.WEBHOOKS_MAX_PER_ORGANIZATION,
      };
      const worker = new DeliveryWorker({
        db: ctx.db,
        transport: fetcher,
        logger: ctx.logger,
        clock: ctx.clock,
        metrics: new DeliveryMetrics(ctx.metrics.registry),
        serviceSecret: ctx.config.internalSecret,
        settings: {
          timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
          retrySchedule: env.WEBHOOKS_RETRY_SCHEDULE,
          perWebhook: env.WEBHOOKS_CONCURRENCY_PER_ENDPOINT,
          perOrganization: env.WEBHOOKS_CONCURRENCY_PER_ORGANIZATION,
          maxInFlight: env.WEBHOOKS_MAX_IN_FLIGHT,
          pollMs: env.WEBHOOKS_POLL_MS,
        },
      });
      let stopRetention = () => undefined as void;
      return {
        routes: (app) => {
          app.use(webhooksRoutes(deps));
        },
        grpc: [
          healthBinding(webhooks.WebhooksService, 'webhooks', () =>
            ctx.db.ping().then(
              () => true,
              () => false,
            ),
          ),
        ],
        start: async () => {
          await membership.subscribe(ctx.bus, 'webhooks', ctx.logger);
          await startBusEventsConsumer(ctx);
          const sealed = await sealStoredCredentials(deps);
          if (sealed > 0) ctx.logger.info({ webhooks: sealed }, 'webhook URL credentials sealed (migration 002)');
          worker.start();
          stopRetention = startDeliveryRetention(ctx, env.WEBHOOKS_RETENTION_DAYS * 86_400_000);
        },
        stop: async () => {
          stopRetention();
          await worker.stop();
          await fetcher.close();
        },
      };
    },
  };
}
