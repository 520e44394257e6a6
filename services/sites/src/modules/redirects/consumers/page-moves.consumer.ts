import { CONTENT_TOPIC, contentEvents, parseEvent, type ContentEventEnvelope } from '@quire/contracts';
import { ApiError } from '@quire/errors';
import type { ContentPagesClient } from '@quire/platform/grpc';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import { applyPageMoves } from '../application/apply-page-moves';
import type { PagePathChange } from '../domain/automatic-redirects';

// Automatic redirects follow content's `revision.created` (current: true): a merge, a batch edit
// on main or a Git Sync import that moves published pages. One consumer group for every copy of
// sites (each event is applied once, processed_events).
export const PAGE_MOVES_CONSUMER = 'sites-page-moves';

type RevisionCreated = Extract<ContentEventEnvelope, { type: 'revision.created' }>;

/** The page path changes a new current revision made against main's previous revision (its first parent). */
async function pathChangesOf(content: Pick<ContentPagesClient, 'listPagePathChanges'>, event: RevisionCreated): Promise<PagePathChange[]> {
  const { spaceId, revisionId, parents } = event.data;
  try {
    const { changes } = await content.listPagePathChanges({ spaceId, fromRevisionId: parents[0] as string, toRevisionId: revisionId });
    return changes;
  } catch (err) {
    // The space was purged since (its revisions are gone): nothing is left to redirect to.
    if (err instanceof ApiError && err.code === 404) return [];
    throw err;
  }
}

/**
 * Keeps moved pages' old addresses working (application/apply-page-moves.ts). Content is asked
 * before the transaction opens (embedded mode runs every service's SQL on one session: a gRPC call
 * from inside sites' transaction would wait on it), then the changes are applied in one
 * transaction with the event recorded as processed and the `site.redirects_changed` events, so a
 * replay changes nothing. A message that is not a content event is parked by the dead-letter
 * guard (MalformedEventError); a content outage is retried.
 */
export async function subscribeToPageMoves(ctx: Pick<ServiceContext, 'bus' | 'db' | 'logger' | 'clients' | 'clock'>): Promise<void> {
  await ctx.bus.subscribe({
    groupId: PAGE_MOVES_CONSUMER,
    topics: [CONTENT_TOPIC],
    handle: async (message) => {
      const event = parseEvent(contentEvents, message.value);
      if (event.type !== 'revision.created' || !event.data.current || event.data.parents.length === 0) return;
      const changes = await pathChangesOf(ctx.clients.contentPages(), event);
      if (changes.length === 0) return;
      await idempotentConsumer(ctx.db, PAGE_MOVES_CONSUMER, async (tx) => {
        const changed = await applyPageMoves(tx, event.data.spaceId, changes, ctx.clock());
        if (changed > 0) ctx.logger.info({ spaceId: event.data.spaceId, revisionId: event.data.revisionId, changed }, 'automatic redirects follow moved pages');
      })(message);
    },
  });
}
