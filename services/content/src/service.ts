import { join } from 'node:path';
import { MembershipResolver } from '@quire/platform/membership';
import { OutboundAddressPolicy, OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { contentSettingsFromEnv } from './content-settings';
import { ForegroundGate } from './consumers/foreground-gate';
import { startGitSyncConsumer } from './consumers/git-sync-jobs.consumer';
import { subscribeSearchIndex } from './consumers/search-index.consumer';
import { ContentConversions } from './domain/conversions/conversions';
import { IMPORTERS } from './domain/import/importers';
import type { SectionsOf } from './domain/search/search-indexer';
import { contentGrpc } from './grpc/content.grpc';
import { changeRequestPdfRoutes } from './http/change-requests/change-request-pdf.routes';
import { changeRequestPagesRoutes } from './http/change-requests/change-request-pages.routes';
import { contentChangesRoutes } from './http/change-requests/content-changes.routes';
import { changeRequestsRoutes } from './http/change-requests/change-requests.routes';
import { commentsRoutes } from './http/comments/comments.routes';
import { collectionsRoutes } from './http/collections/collections.routes';
import { customFieldsRoutes } from './http/custom-fields/custom-fields.routes';
import { gitSyncRoutes } from './http/git-sync/git-sync.routes';
import { linksRoutes } from './http/links/links.routes';
import type { ContentHttpDeps } from './http/deps';
import { searchAdminRoutes } from './http/search/search-admin.routes';
import { searchRoutes } from './http/search/search.routes';
import { spaceContentRoutes } from './http/space-content/space-content.routes';
import { spacesRoutes } from './http/spaces/spaces.routes';
import { startSpaceSweeper, type SpaceSweeper } from './jobs/space-sweeper';

/** The content service: collections, spaces, custom fields and space content (revisions, pages, files, imports). */
export function contentModule(): ServiceModule {
  return {
    name: 'content',
    migrationsDir: join(__dirname, '..', 'migrations'),
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
          app.use(customFieldsRoutes(deps));
          app.use(spaceContentRoutes(contentDeps));
          app.use(changeRequestsRoutes(deps));
          app.use(changeRequestPagesRoutes(deps));
          app.use(contentChangesRoutes(contentDeps));
          app.use(changeRequestPdfRoutes(contentDeps));
          app.use(commentsRoutes(contentDeps));
          app.use(linksRoutes(contentDeps));
          app.use(searchRoutes(deps));
          app.use(gitSyncRoutes({ ...deps, internalSecret: ctx.config.internalSecret, staleAfterMs: settings.gitSync.staleAfterMs }));
        },
        adminRoutes: [searchAdminRoutes(ctx.db, ctx.config.internalSecret, sections)],
        grpc: contentGrpc(deps),
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
          sweeper = startSpaceSweeper(ctx);
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
