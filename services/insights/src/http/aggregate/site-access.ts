import { atLeast, forbidden, notFound, type MembershipResolver, type ServiceContext } from '@quire/common';
import type { InsightsStore, InsightsScope } from '../../store/insights-store';

/** What the insights read routes use. */
export type InsightsQueryDeps = Pick<ServiceContext, 'clients' | 'clock'> & {
  membership: MembershipResolver;
  store: InsightsStore;
};

/**
 * Reading a site's insights needs the `read` role in its organization, and the site must belong
 * to that organization (asked of the sites service). A non-member and an unknown site get the
 * same 404, so ids do not leak.
 */
export async function authorizeInsightsRead(
  deps: Pick<InsightsQueryDeps, 'clients' | 'membership'>,
  organizationId: string,
  siteId: string,
  userId: string,
): Promise<InsightsScope> {
  const { role } = await deps.membership.membership(organizationId, userId);
  if (!role) throw notFound(`Site ${siteId} not found`);
  const site = await deps.clients.sites().getSite({ organizationId, siteId });
  if (!site.exists) throw notFound(`Site ${siteId} not found`);
  if (!atLeast(role, 'read')) throw forbidden('Only organization members can read site insights');
  return { organizationId, siteId };
}
