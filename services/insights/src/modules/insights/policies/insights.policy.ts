import { authorizeLevel, type Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SiteOwnership } from '../domain/site-ownership';
import type { InsightsScope } from '../model/insights-records';

export type InsightsAction = 'track' | 'read';

// Tracking is an API-token call of the organization, and the dashboards are for everyone in it:
// any member may do both (the reference names no stronger role for either).
const REQUIRED: Record<InsightsAction, Role> = { track: 'read', read: 'read' };

export interface InsightsAccessDeps {
  membership: Pick<MembershipResolver, 'membership'>;
  siteOwnership: SiteOwnership;
}

/**
 * The site's insights scope when the caller may do `action` on it (the common rule). A non-member,
 * an unknown site and a site of another organization all get the same 404, so ids do not leak; a
 * non-member's request never asks the sites service.
 */
export async function authorizeInsights(
  deps: InsightsAccessDeps,
  organizationId: string,
  siteId: string,
  userId: string,
  action: InsightsAction,
): Promise<InsightsScope> {
  const { role } = await deps.membership.membership(organizationId, userId);
  if (role && !(await deps.siteOwnership.belongs(organizationId, siteId))) throw notFound(`Site ${siteId} not found`);
  authorizeLevel(role, REQUIRED[action], `Site ${siteId}`);
  return { organizationId, siteId };
}
