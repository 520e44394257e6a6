import { join } from 'node:path';
import { preparePageRenderer } from '@quire/page-html';
import { RateLimiter } from '@quire/platform/cache';
import { healthBinding } from '@quire/platform/grpc';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { reader } from '@quire/proto';
import { answerCache, subscribeToSiteEvents } from './modules/answer-cache';
import { keptReads } from './modules/kept-reads';
import { clientLimit } from './modules/limits';
import { MCP_MESSAGE_LIMITS, mcpBodyRefusals, mcpRoutes } from './modules/machine-readable';
import { publishedPlainRoute, publishedRoutes } from './modules/pages';
import { GENERATION_REUSE_MS, GENERATION_TTL_SECONDS, resolutionCache, subscribeToSpaceEvents } from './modules/resolution-cache';
import { visitRecorder } from './modules/visits';
import { readerSettingsFromEnv } from './settings';

/** A cache read slower than this is a miss: the page is rendered rather than kept waiting. */
const ANSWER_CACHE_READ_TIMEOUT_MS = 250;

/**
 * The reader: serves published sites to their visitors as HTML. Read-only and
 * stateless: every request asks sites what the URL shows to this visitor (for anonymous visitors
 * of public sites, its answer is kept until an event invalidates it), then takes the rendered
 * answer from the cache every copy shares or renders it from content's published pages, so any
 * number of copies answer alike (docs/reader.md). Its database holds only the platform's common tables.
 */
export function readerModule(): ServiceModule {
  return {
    name: 'reader',
    migrationsDir: join(__dirname, '..', 'migrations'),
    // Visits go to insights over gRPC: the reader writes no outbox events.
    writesEvents: false,
    build: (ctx: ServiceContext) => {
      const settings = readerSettingsFromEnv();
      const visits = visitRecorder(ctx, { maxQueued: settings.visitQueue, lingerMs: settings.visitLingerMs });
      const deps = {
        sites: () => ctx.clients.sites(),
        contentPublished: () => ctx.clients.contentPublished(),
        specs: () => ctx.clients.specs(),
        logger: ctx.logger,
        publicUrl: ctx.config.publicUrl,
        answerTimeoutMs: settings.answerTimeoutMs,
        visits,
        answers: answerCache(ctx, {
          ttlSeconds: settings.cacheTtlSeconds,
          maxEntryBytes: settings.cacheMaxEntryBytes,
          readTimeoutMs: ANSWER_CACHE_READ_TIMEOUT_MS,
          localMaxBytes: settings.cacheLocalMaxBytes,
        }),
        reads: keptReads(ctx, {
          ttlSeconds: settings.cacheTtlSeconds,
          readTimeoutMs: ANSWER_CACHE_READ_TIMEOUT_MS,
          localMaxBytes: settings.cacheLocalMaxBytes,
        }),
        resolutions: resolutionCache(ctx, {
          ttlSeconds: settings.resolutionTtlSeconds,
          generationTtlSeconds: GENERATION_TTL_SECONDS,
          generationReuseMs: GENERATION_REUSE_MS,
          readTimeoutMs: ANSWER_CACHE_READ_TIMEOUT_MS,
          localMaxBytes: settings.cacheLocalMaxBytes,
        }),
        // One window per client address, in the cache every copy shares (Redis; memory in embedded mode).
        limit: clientLimit(new RateLimiter(ctx.cache, ctx.logger, settings.rateLimitPerMinute)),
        // OpenID Connect sign-in: the provider's token endpoint and JWKS through the one outbound
        // door; the sign-in state sealed under INTERNAL_SECRET, so every copy accepts a callback.
        signIn: {
          sites: () => ctx.clients.sites(),
          logger: ctx.logger,
          outbound: new OutboundFetcher(new OutboundAddressPolicy(ctx.config.outboundAllowHosts)),
          secret: ctx.config.internalSecret,
          clock: ctx.clock,
        },
      };
      return {
        routes: (app) => {
          // Before the pages' routes, which answer only GET and HEAD: MCP messages are POSTs.
          app.use(mcpRoutes(deps), mcpBodyRefusals);
          app.use(publishedRoutes(deps));
        },
        // GET and HEAD of published addresses (nearly every request) before express, on the same answer.
        plainRoute: publishedPlainRoute(deps),
        // MCP messages are the only bodies the reader takes.
        bodyLimit: MCP_MESSAGE_LIMITS.bodyBytes,
        // A page's feedback comment is posted by an HTML form (published.routes.ts reads it).
        formBodies: true,
        grpc: [healthBinding(reader.ReaderService, 'reader')],
        // The highlighter and the ES-module libraries load once, before the first visitor.
        // Events write new generations of sites and spaces (kept resolutions are resolved again) and
        // drop unpublished and deleted sites' answers from the shared cache (docs/reader.md, Fast and fresh).
        start: async () => {
          await Promise.all([preparePageRenderer(), subscribeToSiteEvents(ctx), subscribeToSpaceEvents(ctx)]);
        },
        // Events of the last answers leave before the process does (each send is bounded by GRPC_DEADLINE_MS).
        stop: () => visits.flush(),
      };
    },
  };
}
