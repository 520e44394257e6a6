import type { PageRequest } from '@quire/input';
import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { MembershipResolver } from '@quire/platform/membership';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { siteLevels } from '../policies/site.policy';
import { listSiteRows, type SiteListFilter } from '../store/sites.store';
import { hasGrantInOrganization } from '../store/site-permissions.store';
import type { SiteWithCounts } from '../model/site';

/**
 * A page of the sites the caller sees, each with the caller's level on it (a site presents its
 * permissions): an admin sees every site, a member those open to members and those granted to
 * them or their teams, a guest only the granted ones; someone with none of these gets a 404.
 */
export async function listSites(
  deps: { db: SqlExecutor; membership: MembershipResolver },
  callerId: string,
  organizationId: string,
  filter: Omit<SiteListFilter, 'visibleTo'>,
  page: PageRequest,
): Promise<Paged<{ site: SiteWithCounts; role: Role }>> {
  const member = await deps.membership.membership(organizationId, callerId);
  const person = { userId: callerId, teamIds: member.teamIds };
  // Someone outside the organization holding a grant here is its guest, whether or not identity says so yet.
  if (!member.role && !(member.guest || (await hasGrantInOrganization(deps.db, organizationId, person))))
    throw notFound(`Organization ${organizationId} not found`);
  const visibleTo = member.role === 'admin' ? undefined : { person, members: member.role !== null };
  const { rows, total } = await listSiteRows(deps.db, organizationId, { ...filter, visibleTo }, page);
  const levels = await siteLevels(deps.db, rows, callerId, member);
  // visibleTo admits exactly the sites where the rule gives a level; 'read' only guards the type.
  return { rows: rows.map((site) => ({ site, role: levels.get(site.id) ?? 'read' })), total };
}
