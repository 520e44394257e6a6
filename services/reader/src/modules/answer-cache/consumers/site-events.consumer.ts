import { SiteEvent, sitesEvents, type EventOf } from '@quire/contracts';
import type { Cache } from '@quire/platform/cache';
import type { Logger } from '@quire/platform/logger';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import { bumpOnSiteEvent } from '../../resolution-cache';
import { siteAnswersPrefix } from '../domain/cached-answer';

// The reader's caches on sites' events (docs/reader.md, Fast and fresh). Every event writes a new
// generation of its site, so the kept resolutions of its URLs are resolved through sites again
// (resolution-cache). Rendered answers need no event (every key carries the site's version stamp
// from that resolution), but a site that is unpublished or deleted will never be read again under
// any key, so its entries are dropped now rather than left to their TTL.
export const READER_CACHE_CONSUMER = 'reader-cache';

type SitesEvent = EventOf<typeof sitesEvents>;

/** Drops the site's kept answers on `site.unpublished` and `site.deleted`; how many. Best effort: a cache that fails is logged, the entries expire. */
export async function evictOnSiteEvent(deps: { cache: Cache; logger: Logger }, event: SitesEvent): Promise<number> {
  if (event.type !== SiteEvent.siteUnpublished && event.type !== SiteEvent.siteDeleted) return 0;
  try {
    return await deps.cache.deleteByPrefix(siteAnswersPrefix(event.data.siteId));
  } catch (err) {
    deps.logger.warn({ type: event.type, siteId: event.data.siteId, err: (err as Error).message }, 'reader answers of a site not evicted; they expire');
    return 0;
  }
}

/**
 * One group shared by every reader copy: the cache is shared (Redis) or the process's own
 * (embedded, one copy), so one generation and one eviction per event are enough. Each event is handled once
 * (processed_events); through the service's dead-letter guard like every subscription.
 */
export async function subscribeToSiteEvents(ctx: Pick<ServiceContext, 'bus' | 'db' | 'cache' | 'logger'>): Promise<void> {
  await ctx.bus.subscribe({
    groupId: READER_CACHE_CONSUMER,
    topics: [sitesEvents.name],
    handle: idempotentConsumer(ctx.db, READER_CACHE_CONSUMER, sitesEvents, async (_tx, event) => {
      await bumpOnSiteEvent(ctx, event);
      const evicted = await evictOnSiteEvent(ctx, event);
      if (evicted > 0) ctx.logger.info({ type: event.type, siteId: event.data.siteId, evicted }, 'reader answers of a site evicted');
    }),
  });
}
