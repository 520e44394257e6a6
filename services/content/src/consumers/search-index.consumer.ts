import { idempotentConsumer, type EventEnvelope, type ServiceContext, type SqlExecutor } from '@quire/common';
import { reindexSpace, type ReindexOutcome } from '../domain/search/search-indexer';
import { CONTENT_TOPIC, ContentEvent } from '../events/content-events';

// Content follows its own facts (proto/TOPICS.md) to keep the search index in step with each
// space's current revision: an import or a merge, a space created (a duplicate starts with its
// source's content), deleted, restored, transferred or purged. The index is rebuilt from the
// space's state, not from the event's details.
export const SEARCH_INDEX_CONSUMER = 'content-search-index';

const SPACE_STATE_EVENTS: ReadonlySet<string> = new Set([
  ContentEvent.spaceCreated,
  ContentEvent.spaceDeleted,
  ContentEvent.spaceRestored,
  ContentEvent.spacePurged,
  ContentEvent.spaceTransferred,
]);

interface SpaceFact {
  spaceId?: unknown;
  /** revision.created: true when the revision became the space's current one (false: a change request's). */
  current?: unknown;
}

/** Whether `event` can change what search finds, and in which space. */
export function spaceToReindex(event: EventEnvelope): string | null {
  const data = (event.data ?? {}) as SpaceFact;
  if (typeof data.spaceId !== 'string') return null;
  if (event.type === ContentEvent.revisionCreated) return data.current === true ? data.spaceId : null;
  return SPACE_STATE_EVENTS.has(event.type) ? data.spaceId : null;
}

export async function applySearchEvent(tx: SqlExecutor, event: EventEnvelope): Promise<ReindexOutcome | null> {
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
    handle: idempotentConsumer(ctx.db, SEARCH_INDEX_CONSUMER, async (tx, event) => {
      const outcome = await applySearchEvent(tx, event);
      if (outcome && (outcome.written || outcome.removed))
        ctx.logger.info({ type: event.type, eventId: event.id, ...outcome }, 'search index follows a content event');
    }),
  });
}
