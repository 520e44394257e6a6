import { contentEvents, idempotentConsumer, type ContentEventEnvelope, type ServiceContext, type SqlExecutor } from '@quire/common';
import { reindexSpace, type ReindexOutcome } from '../domain/search/search-indexer';
import { CONTENT_TOPIC } from '../events/content-events';

// Content follows its own facts (proto/TOPICS.md) to keep the search index in step with each
// space's current revision: an import or a merge, a space created (a duplicate starts with its
// source's content), deleted, restored, transferred or purged. The index is rebuilt from the
// space's state, not from the event's details.
export const SEARCH_INDEX_CONSUMER = 'content-search-index';

/** Whether `event` can change what search finds, and in which space. */
export function spaceToReindex(event: ContentEventEnvelope): string | null {
  switch (event.type) {
    case 'revision.created':
      // A change request's revision (current: false) is not what search shows.
      return event.data.current ? event.data.spaceId : null;
    case 'space.created':
    case 'space.deleted':
    case 'space.restored':
    case 'space.purged':
    case 'space.transferred':
      return event.data.spaceId;
    default:
      return null;
  }
}

export async function applySearchEvent(tx: SqlExecutor, event: ContentEventEnvelope): Promise<ReindexOutcome | null> {
  const spaceId = spaceToReindex(event);
  return spaceId ? reindexSpace(tx, spaceId) : null;
}

/**
 * Each event applied once (processed_events) in its own transaction. Like every subscription it
 * goes through the service's dead-letter guard (ctx.bus): an outage is retried, an event that
 * cannot be applied is parked and the consumer moves on (docs/conventions.md, poison messages).
 */
export async function subscribeSearchIndex(ctx: Pick<ServiceContext, 'bus' | 'db' | 'logger'>): Promise<void> {
  await ctx.bus.subscribe({
    groupId: SEARCH_INDEX_CONSUMER,
    topics: [CONTENT_TOPIC],
    handle: idempotentConsumer(ctx.db, SEARCH_INDEX_CONSUMER, contentEvents, async (tx, event) => {
      const outcome = await applySearchEvent(tx, event);
      if (outcome && (outcome.written || outcome.removed))
        ctx.logger.info({ type: event.type, eventId: event.id, ...outcome }, 'search index follows a content event');
    }),
  });
}
