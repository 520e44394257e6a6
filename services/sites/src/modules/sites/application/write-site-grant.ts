import type { Role } from '@quire/access';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import type { IdentityClient } from '@quire/platform/grpc';
import type { Site } from '../model/site';
import type { SitePrincipal } from '../model/site-permission';
import { deleteSiteGrant, upsertSiteGrant } from '../store/site-permissions.store';
import type { SiteCallerDeps } from './deps';

/** What the site-permissions use cases take: the caller's policy deps and identity (users and teams). */
export type SitePermissionDeps = SiteCallerDeps & { identity: () => IdentityClient };

/**
 * Sets (role) or removes (null) a principal's grant on the site inside the caller's transaction,
 * announcing the change (permission.updated: identity keeps guests by it). Answers whether
 * anything changed; an unchanged grant announces nothing.
 */
export async function writeSiteGrant(
  tx: SqlExecutor,
  site: Pick<Site, 'id' | 'organizationId'>,
  principal: SitePrincipal,
  role: Role | null,
  now: Date,
): Promise<boolean> {
  const changed = role
    ? (await upsertSiteGrant(tx, { siteId: site.id, organizationId: site.organizationId, principal, role }, now)) !== role
    : await deleteSiteGrant(tx, site.id, principal);
  if (!changed) return false;
  const data = { organizationId: site.organizationId, siteId: site.id, resource: { kind: 'site' as const, id: site.id }, principal, role };
  await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.permissionUpdated, data), now);
  return true;
}
