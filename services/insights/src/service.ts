import { join } from 'node:path';
import { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { aggregateRoutes, eventsRoutes, insightsGrpc, insightsSubscription, openInsightsStore, SiteLevels, visitorSegmentsRoutes } from './modules/insights';
import { auditAdminRoutes, auditEventsRoutes, auditSubscription, startAuditRetention } from './modules/audit';
import { INSIGHTS_DEFAULTS, type InsightsRole, type InsightsSettings } from './settings';

export { auditSettingsFromEnv, INSIGHTS_ROLES, type InsightsRole } from './settings';

/** Default role `all`. */
export type InsightsOptions = Partial<InsightsSettings>;

/**
 * The insights service: visitor events are validated and enriched at the API, published to Kafka
 * (in-process bus embedded), batched into ClickHouse (the service's PGlite embedded) by a consumer
 * group, and aggregated from there.
 */
export function insightsModule(options: InsightsOptions = {}): ServiceModule {
  return {
    name: 'insights',
    migrationsDir: join(__dirname, '..', 'migrations'),
    // Accepted events go straight to the bus (insights.events): no outbox events.
    writesEvents: false,
    build: async (ctx: ServiceContext) => {
      const role: InsightsRole = options.role ?? INSIGHTS_DEFAULTS.role;
      // Every role: the API reads the schema, the consumer writes it; retention is idempotent.
      const { store, upkeep } = await openInsightsStore(ctx, options.clickhouseUrl);
      const subscription = insightsSubscription(ctx, store);
      // The audit log shares the service's database and its consumer/API split (docs/audit-log.md).
      const audit = auditSubscription(ctx);
      const auditRetention = startAuditRetention(ctx, options.auditRetentionMonths ?? INSIGHTS_DEFAULTS.auditRetentionMonths);
      const stop = async () => {
        upkeep.stop();
        auditRetention.stop();
        await store.close();
      };
      const consume = async () => {
        await ctx.bus.subscribe(subscription);
        if (options.auditLog !== false) await ctx.bus.subscribe(audit);
      };
      if (role === 'consumer') {
        return { routes: () => undefined, grpc: [], start: consume, stop };
      }
      // The consumer's dead letters sit in this service's database, and the operator's CLI calls
      // the API copies: they replay them with the same handler even when they do not consume.
      if (role === 'api') {
        ctx.deadLetters.replaysFor(subscription);
        ctx.deadLetters.replaysFor(audit);
      }
      // The audit log's reads are for organization admins; site insights follow the caller's level on the site.
      const membership = new MembershipResolver(() => ctx.clients.identity());
      // One cache of callers' levels on sites for ingest and reads.
      const siteLevels = new SiteLevels(() => ctx.clients.sites());
      const deps = { ...ctx, membership, siteLevels, store };
      return {
        routes: (app) => {
          app.use(eventsRoutes(deps));
          app.use(aggregateRoutes(deps));
          app.use(visitorSegmentsRoutes(deps));
          app.use(auditEventsRoutes(deps));
        },
        adminRoutes: [auditAdminRoutes({ db: ctx.db, urls: ctx.urls, internalSecret: ctx.config.internalSecret })],
        grpc: [insightsGrpc(ctx)],
        start: async () => {
          await membership.subscribe(ctx.bus, 'insights', ctx.logger);
          if (role === 'all') await consume();
        },
        stop,
      };
    },
  };
}
