import { join } from 'node:path';
import { healthBinding } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { webhooks } from '@quire/proto';
import { DeliveryMetrics, DeliveryWorker, sealStoredCredentials, startBusEventsConsumer, startDeliveryRetention, webhooksRoutes } from './modules/webhooks';
import { webhooksSettingsFromEnv } from './settings';

/** The webhooks service: organizations' webhook subscriptions, fed by every service's events. */
export function webhooksModule(): ServiceModule {
  return {
    name: 'webhooks',
    migrationsDir: join(__dirname, '..', 'migrations'),
    // Deliveries are kept in its own tables: no outbox events.
    writesEvents: false,
    build: (ctx: ServiceContext) => {
      const settings = webhooksSettingsFromEnv();
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const policy = new OutboundAddressPolicy(ctx.config.outboundAllowHosts);
      const fetcher = new OutboundFetcher(policy);
      const deps = {
        ...ctx,
        membership,
        policy,
        serviceSecret: ctx.config.internalSecret,
        maxPerOrganization: settings.maxPerOrganization,
      };
      const worker = new DeliveryWorker({
        db: ctx.db,
        transport: fetcher,
        logger: ctx.logger,
        clock: ctx.clock,
        metrics: new DeliveryMetrics(ctx.metrics.registry),
        serviceSecret: ctx.config.internalSecret,
        settings: settings.delivery,
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
          stopRetention = startDeliveryRetention(ctx, settings.retentionMs);
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
