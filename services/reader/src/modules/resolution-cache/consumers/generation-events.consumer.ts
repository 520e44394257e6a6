import { ContentEvent, contentEvents, type EventOf, type sitesEvents } from '@quire/contracts';
import type { Cache } from '@quire/platform/cache';
import type { Logger } from '@quire/platform/logger';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import { newGeneration, siteGenerationKey, spaceGenerationKey } from '../domain/kept-resolution';

// The invalidation of kept resolutions (docs/reader.md, Fast and fresh): every event that may
// change what a site's URLs resolve to writes a new generation of the site or space it is about.
export const READER_SPACE_GENERATIONS_CONSUMER = 'reader-cache-spaces';

/** A generation outlives every entry that recorded it by far; each event starts its life again. */
export const GENERATION_TTL_SECONDS = 7 * 24 * 3600;

/** The space events that change a published space's pages, title or reach: a current revision (merge, import, edit), a change to the space itself. */
const SPACE_EVENTS: readonly string[] = [
  ContentEvent.spaceUpdated,
  ContentEvent.spaceDeleted,
  ContentEvent.spaceRestored,
  ContentEvent.spacePurged,
  ContentEvent.spaceMoved,
  ContentEvent.spaceTransferred,
];

type Deps = { cache: Cache; logger: Logger };

/** Every sites event is about one site (its data carries siteId): a new generation of it. */
export async function bumpOnSiteEvent(deps: Deps, event: EventOf<typeof sitesEvents>): Promise<boolean> {
  return bump(deps, event.type, siteGenerationKey(event.data.siteId));
}

/** Whether a content event changes what a space's sites show: a current revision (merge, import, edit), a change to the space itself. */
function changesSites(type: string, data: { current?: unknown }): boolean {
  return type === ContentEvent.revisionCreated ? data.current === true : SPACE_EVENTS.includes(type);
}

/** The space's new generation when the event changes what its sites show; whether one was written. */
export async function bumpOnContentEvent(deps: Deps, event: EventOf<typeof contentEvents>): Promise<boolean> {
  const data = event.data as { spaceId?: unknown; current?: unknown };
  if (!changesSites(event.type, data) || typeof data.spaceId !== 'string') return false;
  return bump(deps, event.type, spaceGenerationKey(data.spaceId));
}

/**
 * Whether a message may be one of those events, read without the database: most of content's
 * events (comments, change requests, a revision of a change request) are passed over at once, so a
 * burst of them (a large import) does not queue a merge's invalidation behind a transaction each.
 * A message that is not JSON goes on to the consumer, which parks it.
 */
export function mayChangeSites(value: string): boolean {
  try {
    const event = JSON.parse(value) as { type?: unknown; data?: { current?: unknown } };
    return typeof event?.type !== 'string' || changesSites(event.type, event.data ?? {});
  } catch {
    return true;
  }
}

/** Best effort: a cache that fails is logged, and the entries end with their TTL (READER_RESOLUTION_TTL_SECONDS). */
async function bump(deps: Deps, type: string, key: string): Promise<boolean> {
  try {
    await deps.cache.set(key, newGeneration(), GENERATION_TTL_SECONDS);
    return true;
  } catch (err) {
    deps.logger.warn({ type, key, err: (err as Error).message }, 'reader resolution generation not written; entries expire');
    return false;
  }
}

/**
 * One group shared by every reader copy (the cache is shared, or the only copy's in embedded
 * mode). Sites events reach the same handler as the answer cache's evictions (`reader-cache`).
 */
export async function subscribeToSpaceEvents(ctx: Pick<ServiceContext, 'bus' | 'db' | 'cache' | 'logger'>): Promise<void> {
  const consume = idempotentConsumer(ctx.db, READER_SPACE_GENERATIONS_CONSUMER, contentEvents, async (_tx, event) => {
    await bumpOnContentEvent(ctx, event);
  });
  await ctx.bus.subscribe({
    groupId: READER_SPACE_GENERATIONS_CONSUMER,
    topics: [contentEvents.name],
    handle: async (message) => {
      if (mayChangeSites(message.value)) await consume(message);
    },
  });
}
