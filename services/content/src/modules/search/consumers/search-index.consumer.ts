import { CONTENT_TOPIC, type ContentEventEnvelope, contentEvents, parseEvent } from '@quire/contracts';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import type { ReindexOutcome, SectionsOf } from '../domain/search-indexer';
import { reindexSpace } from '../application/reindex-space';
import type { ForegroundGate } from './foreground-gate';

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

export async function applySearchEvent(tx: SqlExecutor, event: ContentEventEnvelope, sections?: SectionsOf): Promise<ReindexOutcome | null> {
  const spaceId = spaceToReindex(event);
  return spaceId ? reindexSpace(tx, spaceId, { sections }) : null;
}

/**
 * Pages one indexing step writes in its own transaction. Indexing is the costliest write there is
 * (six tsvectors and three GIN entries per section: about 5 ms a page on PGlite), and a 1,000-page
 * import indexed in one transaction held embedded mode's only database thread for 5–10 s; a step
 * of this size holds it for a fraction of a second, and requests get in between steps.
 */
export const PAGES_PER_STEP = 25;
/** The longest a step gives way to requests: a steady load slows indexing but never stops it. */
export const MAX_STEP_WAIT_MS = 1000;

/**
 * Brings `spaceId`'s index up to date in steps of PAGES_PER_STEP pages, each its own transaction
 * (reindexSpace is idempotent, so steps and replicas may interleave), waiting before each step
 * until `gate` sees no request. Answers the pages written.
 */
export async function catchUpSpaceIndex(db: SqlDatabase, spaceId: string, gate: ForegroundGate, sections?: SectionsOf): Promise<number> {
  let written = 0;
  for (;;) {
    await gate.quiet(MAX_STEP_WAIT_MS);
    const step = await db.transaction((tx) => reindexSpace(tx, spaceId, { maxPages: PAGES_PER_STEP, sections }));
    written += step.written;
    if (!step.remaining) return written;
  }
}

/**
 * Each event applied once (processed_events): the space's index is caught up step by step
 * (catchUpSpaceIndex), then the event is marked processed in a last transaction that finds
 * nothing left to write, unless a newer revision arrived meanwhile. A crash between steps leaves
 * the event unmarked: redelivered, it resumes where the steps stopped. Like every subscription it
 * goes through the service's dead-letter guard (ctx.bus): an outage is retried, an event that
 * cannot be applied is parked and the consumer moves on (docs/conventions.md, poison messages).
 */
export async function subscribeSearchIndex(ctx: Pick<ServiceContext, 'bus' | 'db' | 'logger'>, gate: ForegroundGate, sections: SectionsOf): Promise<void> {
  const markApplied = idempotentConsumer(ctx.db, SEARCH_INDEX_CONSUMER, contentEvents, async (tx, event) => {
    const outcome = await applySearchEvent(tx, event, sections);
    if (outcome && (outcome.written || outcome.removed))
      ctx.logger.info({ type: event.type, eventId: event.id, ...outcome }, 'search index follows a content event');
  });
  await ctx.bus.subscribe({
    groupId: SEARCH_INDEX_CONSUMER,
    topics: [CONTENT_TOPIC],
    handle: async (message) => {
      const spaceId = spaceToReindex(parseEvent(contentEvents, message.value));
      const written = spaceId ? await catchUpSpaceIndex(ctx.db, spaceId, gate, sections) : 0;
      if (written) ctx.logger.info({ spaceId, written }, 'search index caught up in steps');
      await markApplied(message);
    },
  });
}
