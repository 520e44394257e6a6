import { IDENTITY_TOPIC, identityEvents, outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { newId } from '@quire/ids';
import { enqueueEvent, idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import type { SqlExecutor } from '@quire/platform/sql';
import { insertSite } from '../store/sites.store';

// createOrganization's `withDefaultSite`: identity announces it on `organization.created`
// (packages/contracts/src/identity-events.ts) and sites creates the site here.
export const DEFAULT_SITE_CONSUMER = 'sites-default-site';

/** Site titles are 2..128 code points (spec §8); an organization title may be longer. */
const SITE_TITLE_MAX = 128;

/**
 * Creates an organization's default site, in the consumer's transaction: an empty `basic`, `public`
 * site titled like the organization, created by the user who created the organization (createSite's
 * defaults). Returns its id, or null when the event asks for none.
 */
export async function createDefaultSite(
  tx: SqlExecutor,
  created: { organizationId: string; title: string; createdBy?: string; withDefaultSite?: boolean },
  now: Date,
): Promise<string | null> {
  if (created.withDefaultSite !== true || created.createdBy === undefined) return null;
  const title = [...created.title].slice(0, SITE_TITLE_MAX).join('');
  const site = await insertSite(tx, { id: newId(), organizationId: created.organizationId, type: 'basic', title, visibility: 'public' }, now);
  const data = {
    organizationId: site.organizationId,
    siteId: site.id,
    title: site.title,
    type: site.type,
    visibility: site.visibility,
    spaces: [],
    createdBy: created.createdBy,
  };
  await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteCreated, data), now);
  return site.id;
}

/** Follows identity's `organization.created`, each event once (processed_events); other identity events are skipped. */
export async function subscribeToOrganizationsCreated(ctx: Pick<ServiceContext, 'bus' | 'db' | 'logger' | 'clock'>): Promise<void> {
  await ctx.bus.subscribe({
    groupId: DEFAULT_SITE_CONSUMER,
    topics: [IDENTITY_TOPIC],
    handle: idempotentConsumer(ctx.db, DEFAULT_SITE_CONSUMER, identityEvents, async (tx, event) => {
      if (event.type !== 'organization.created') return;
      const siteId = await createDefaultSite(tx, event.data, ctx.clock());
      if (siteId) ctx.logger.info({ organizationId: event.data.organizationId, siteId }, 'default site created for a new organization');
    }),
  });
}
