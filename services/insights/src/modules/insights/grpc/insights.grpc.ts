import { bind, type ServiceBinding } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { insights } from '@quire/proto';
import { recordSiteEvents } from '../application/record-site-events';

/** The insights service's gRPC API (proto/quire/insights.proto): its health, and the reader's events. */
export function insightsGrpc(ctx: Pick<ServiceContext, 'bus' | 'clock' | 'config' | 'db'>): ServiceBinding {
  return bind<insights.InsightsServer>(insights.InsightsService, {
    check: async () => ({
      service: 'insights',
      ready: await ctx.db.ping().then(
        () => true,
        () => false,
      ),
    }),
    recordSiteEvents: async ({ organizationId, siteId, eventsJson }) => ({ accepted: await recordSiteEvents(ctx, { organizationId, siteId, eventsJson }) }),
  });
}
