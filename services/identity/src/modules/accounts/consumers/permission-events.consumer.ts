import { CONTENT_TOPIC, contentEvents, PERMISSION_UPDATED, SITES_TOPIC, sitesEvents, type PermissionUpdated } from '@quire/contracts';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import { applyPermissionGrant } from '../application/apply-permission-grant';

// Identity keeps guests from the grants content (spaces, collections) and sites (sites) announce on
// their topics, one shape on both (packages/contracts/src/permission-event.ts, docs/permissions.md).
export const CONTENT_PERMISSIONS_CONSUMER = 'identity-content-permissions';
export const SITES_PERMISSIONS_CONSUMER = 'identity-sites-permissions';

type Deps = Pick<ServiceContext, 'bus' | 'db' | 'logger' | 'clock'>;

/**
 * Follows `permission.updated` on content's and sites' topics, each event once (processed_events,
 * in the transaction that applies it); other events are skipped. A message that does not match its
 * topic's schema is parked by the service's dead-letter guard (ctx.bus).
 */
export async function subscribeToPermissionEvents(ctx: Deps): Promise<void> {
  const apply = async (tx: Parameters<typeof applyPermissionGrant>[0], event: { id: string; type: string; data: PermissionUpdated }) => {
    const change = await applyPermissionGrant(tx, event.data, ctx.clock());
    if (change !== 'none') ctx.logger.info({ eventId: event.id, organizationId: event.data.organizationId, change }, 'guest follows a grant');
  };
  await Promise.all([
    ctx.bus.subscribe({
      groupId: CONTENT_PERMISSIONS_CONSUMER,
      topics: [CONTENT_TOPIC],
      handle: idempotentConsumer(ctx.db, CONTENT_PERMISSIONS_CONSUMER, contentEvents, async (tx, event) => {
        if (event.type === PERMISSION_UPDATED) await apply(tx, event);
      }),
    }),
    ctx.bus.subscribe({
      groupId: SITES_PERMISSIONS_CONSUMER,
      topics: [SITES_TOPIC],
      handle: idempotentConsumer(ctx.db, SITES_PERMISSIONS_CONSUMER, sitesEvents, async (tx, event) => {
        if (event.type === PERMISSION_UPDATED) await apply(tx, event);
      }),
    }),
  ]);
}
