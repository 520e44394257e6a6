import { authorizeLevel, type Role } from '@quire/access';
import type { SiteLevels } from '../domain/site-levels';
import type { InsightsScope } from '../model/insights-records';

export type InsightsAction = 'track' | 'read';

// A site's insights follow the rule on the site (docs/permissions.md, Sites): tracking is an API
// token call and the dashboards are for everyone who reads the site; `read` on the site does both
// (the reference names no stronger level for either).
const REQUIRED: Record<InsightsAction, Role> = { track: 'read', read: 'read' };

export interface InsightsAccessDeps {
  siteLevels: Pick<SiteLevels, 'levelOf'>;
}

/**
 * The site's insights scope when the caller may do `action` on it. No level on the site (a
 * non-member, an unknown site, a site of another organization, a site closed to them) is the same
 * 404, so ids do not leak; a level below the action's is a 403.
 */
export async function authorizeInsights(
  deps: InsightsAccessDeps,
  organizationId: string,
  siteId: string,
  userId: string,
  action: InsightsAction,
): Promise<InsightsScope> {
  authorizeLevel(await deps.siteLevels.levelOf(organizationId, siteId, userId), REQUIRED[action], `Site ${siteId}`);
  return { organizationId, siteId };
}
