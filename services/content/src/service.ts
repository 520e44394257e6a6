import { join } from 'node:path';
import { MembershipResolver } from '@quire/platform/membership';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { contentSettingsFromEnv } from './settings';
import { changeRequestPagesRoutes } from './modules/change-requests/http/change-request-pages.routes';
import { changeRequestsRoutes } from './modules/change-requests/http/change-requests.routes';
import { contentChangesRoutes } from './modules/change-requests/http/content-changes.routes';
import { reviewsRoutes } from './modules/change-requests/http/reviews.routes';
import { contributorsRoutes } from './modules/change-requests/http/contributors.routes';
import { semanticChangesRoutes } from './modules/change-requests/http/semantic-changes.routes';
import { collectionsRoutes } from './modules/collections/http/collections.routes';
import { contentPermissionsRoutes } from './modules/content-permissions/http/content-permissions.routes';
import { commentsRoutes } from './modules/comments/http/comments.routes';
import { customFieldsRoutes } from './modules/custom-fields/http/custom-fields.routes';
import { startGitSyncConsumer } from './modules/git-sync/consumers/git-sync-jobs.consumer';
import { gitSyncRoutes } from './modules/git-sync/http/git-sync.routes';
import { IMPORTERS } from './modules/imports';
import { linksRoutes } from './modules/links/http/links.routes';
import { contentUrlsRoutes } from './modules/content-urls';
import { changeRequestPdfRoutes } from './modules/pdf/http/change-request-pdf.routes';
import { collectUnusedContent, ContentConversions } from './modules/revisions';
import { ForegroundGate } from './modules/search/consumers/foreground-gate';
import { subscribeSearchIndex } from './modules/search/consumers/search-index.consumer';
import type { SectionsOf } from './modules/search/domain/search-indexer';
import { searchGrpc } from './modules/search/grpc/search.grpc';
import { searchAdminRoutes } from './modules/search/http/search-admin.routes';
import { searchRoutes } from './modules/search/http/search.routes';
import { contentPagesGrpc } from './modules/space-content/grpc/content-pages.grpc';
import { contentPublishedGrpc } from './modules/space-content/grpc/content-published.grpc';
import { spaceContentRoutes } from './modules/space-content/http/space-content.routes';
import { contentGrpc } from './modules/spaces/grpc/content.grpc';
import { spacesRoutes } from './modules/spaces/http/spaces.routes';
import { startSpaceSweeper, type SpaceSweeper } from './modules/spaces/jobs/space-sweeper';
import type { ContentHttpDeps } from './modules/shared';

// The wiring: mounts each module's entry points (routes, gRPC, consumers, jobs) from their folders, so
// module faces carry only what other modules use (docs/content.md, Modules).

/** The content service: collections, spaces, custom fields and space content (revisions, pages, files, imports). */
export function contentModule(): ServiceModule {
  return {
    name: 'content',
    migrationsDir: join(__dirname, '..', 'migrations'),
    writesEvents: true,
    build: (ctx: ServiceContext) => {
      const membership = new MembershipResolver(() => ctx.clients.identity());
      const deps: ContentHttpDeps = { ...ctx, membership };
      const settings = contentSettingsFromEnv();
      const fetcher = new OutboundFetcher(new OutboundAddressPolicy(ctx.config.outboundAllowHosts));
      // Conversions of request-sized content run in worker threads, off the event loop (docs/content.md, Conversions).
      const conversions = new ContentConversions(settings.conversions);
      const sections: SectionsOf = (page, markdown) => conversions.pageSections(page, markdown);
      const contentDeps = {
        ...deps,
        conversions,
        blobs: ctx.blobs,
        cache: ctx.cache,
        internalSecret: ctx.config.internalSecret,
        contentUrls: { urls: ctx.urls, internalSecret: ctx.config.internalSecret, downloadTtlSeconds: settings.downloadTtlSeconds },
        imports: {
          db: ctx.db,
          blobs: ctx.blobs,
          importers: IMPORTERS,
          importDeps: { fetcher, limits: settings.importLimits, log: ctx.logger, conversions },
          log: ctx.logger,
          clock: ctx.clock,
        },
      };
      let sweeper: SpaceSweeper | null = null;
      // Search indexing gives way to the requests this process answers (foreground-gate.ts).
      const gate = new ForegroundGate();
      return {
        routes: (app) => {
          app.use(gate.middleware);
          app.use(collectionsRoutes(deps));
          app.use(spacesRoutes(deps));
          app.use(contentPermissionsRoutes(deps));
          app.use(customFieldsRoutes(deps));
          app.use(spaceContentRoutes(contentDeps));
          app.use(changeRequestsRoutes(deps), reviewsRoutes(deps), contributorsRoutes(deps));
          app.use(semanticChangesRoutes(contentDeps));
          app.use(changeRequestPagesRoutes(deps));
          app.use(contentChangesRoutes(contentDeps));
          app.use(changeRequestPdfRoutes(contentDeps));
          app.use(commentsRoutes(contentDeps));
          app.use(linksRoutes(contentDeps), contentUrlsRoutes(contentDeps));
          app.use(searchRoutes(deps));
          app.use(gitSyncRoutes({ ...deps, internalSecret: ctx.config.internalSecret, staleAfterMs: settings.gitSync.staleAfterMs }));
        },
        adminRoutes: [searchAdminRoutes(ctx.db, ctx.config.internalSecret, sections)],
        grpc: [...contentGrpc(deps, searchGrpc(ctx)), ...contentPagesGrpc({ db: ctx.db, cache: ctx.cache }), ...contentPublishedGrpc(contentDeps)],
        start: async () => {
          // The groups are joined side by side: each join waits out Kafka's rebalance delay.
          await Promise.all([
            membership.subscribe(ctx.bus, 'content', ctx.logger),
            subscribeSearchIndex(ctx, gate, sections),
            startGitSyncConsumer(
              ctx,
              {
                db: ctx.db,
                blobs: ctx.blobs,
                cache: ctx.cache,
                fetcher,
                logger: ctx.logger,
                clock: ctx.clock,
                internalSecret: ctx.config.internalSecret,
                limits: settings.gitSync,
              },
              settings.gitSyncConcurrency,
            ),
          ]);
          sweeper = startSpaceSweeper(ctx, collectUnusedContent);
        },
        stop: async () => {
          await sweeper?.stop();
          await fetcher.close();
          await conversions.close();
        },
      };
    },
  };
}
