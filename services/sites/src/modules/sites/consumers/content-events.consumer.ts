import { CONTENT_TOPIC, contentEvents, parseEvent, type ContentEventEnvelope } from '@quire/contracts';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import type { SqlExecutor } from '@quire/platform/sql';
import { ensureSiteDefaults } from '../application/ensure-site-defaults';
import { projectionWriteOf } from '../application/published-spaces';
import { removeSiteSpacesOfSpace, setSiteSpacesHidden } from '../store/site-spaces-attach.store';

// The space facts sites follow on content's topic (declared in packages/contracts/src/content-events.ts,
// proto/TOPICS.md): which space each site space shows, and the projection of the spaces sites
// publish (published_spaces: each as content presents it to an anonymous reader).
export const CONTENT_EVENTS_CONSUMER = 'sites-content-events';

/**
 * Applies one content event to the site spaces, in the consumer's transaction:
 * - `space.deleted` hides the space's site spaces (they keep their place), `space.restored` shows
 *   them again;
 * - `space.transferred` to another organization removes them from the sites of every other
 *   organization (a site only shows spaces of its own organization);
 * - `space.purged` removes them for good.
 * A default that is hidden or removed is taken over by the next visible site space of its parent.
 * Other events are ignored.
 */
export async function applyContentEvent(tx: SqlExecutor, event: ContentEventEnvelope): Promise<string[]> {
  let sites: string[];
  switch (event.type) {
    case 'space.deleted':
      sites = await setSiteSpacesHidden(tx, event.data.spaceId, true);
      break;
    case 'space.restored':
      sites = await setSiteSpacesHidden(tx, event.data.spaceId, false);
      break;
    case 'space.purged':
      sites = await removeSiteSpacesOfSpace(tx, event.data.spaceId, null);
      break;
    case 'space.transferred':
      if (event.data.to === event.data.from) return [];
      sites = await removeSiteSpacesOfSpace(tx, event.data.spaceId, event.data.to);
      break;
    default:
      return [];
  }
  for (const siteId of sites) await ensureSiteDefaults(tx, siteId);
  return sites;
}

/**
 * Keeps site spaces and the published-space projection in step with content's space facts; each
 * event is applied once (processed_events). A space event re-reads the space from content before
 * the transaction (application/published-spaces.ts), then both changes are written in it. Like
 * every subscription it goes through the service's dead-letter guard (ctx.bus): a database or
 * content outage is retried; an event that does not match content's schema, or cannot be applied,
 * is parked and the consumer moves on.
 */
export async function subscribeToContentEvents(ctx: Pick<ServiceContext, 'bus' | 'db' | 'logger' | 'clients' | 'clock' | 'metrics'>): Promise<void> {
  await ctx.bus.subscribe({
    groupId: CONTENT_EVENTS_CONSUMER,
    topics: [CONTENT_TOPIC],
    handle: async (message) => {
      const parsed = parseEvent(contentEvents, message.value);
      const project = await projectionWriteOf(ctx, parsed);
      await idempotentConsumer(ctx.db, CONTENT_EVENTS_CONSUMER, async (tx) => {
        // The projection first: it tells the sites showing the space before a transfer or purge removes it from them.
        if (project) await project(tx);
        const sites = await applyContentEvent(tx, parsed);
        if (sites.length > 0) ctx.logger.info({ type: parsed.type, eventId: parsed.id, sites: sites.length }, 'site spaces follow a space event');
      })(message);
    },
  });
}
