import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeContentReader, visibleSpaces } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { findActiveSpacesWithCounts, type Space } from '../../spaces';
import type { ChangeRequest } from '../model/change-request';
import { listChangeRequestRows, type ChangeRequestFilter } from '../store/change-requests.store';

export interface OrganizationChangeRequestFilter extends ChangeRequestFilter {
  /** Only those of this space. */
  space?: string;
  /** Only those linked to this site, or opened by this style-guide run (0.202.0): Quire links change requests to neither, so none. */
  site?: string;
  styleguideRun?: string;
}

/**
 * listChangeRequestsForOrganization: the change requests of every live space of the organization
 * the caller may read (the content rule, so a guest sees those of the spaces shared with them),
 * with the spaces they belong to for presenting. Someone with no access to the organization gets 404.
 */
export async function listOrganizationChangeRequests(
  deps: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; filter: OrganizationChangeRequestFilter; page: PageRequest },
): Promise<Paged<ChangeRequest> & { spaces: Map<string, Space> }> {
  const access = await authorizeContentReader(deps.db, deps.membership, input.organizationId, caller.userId);
  const { space, site, styleguideRun, ...filter } = input.filter;
  if (site !== undefined || styleguideRun !== undefined) return { rows: [], total: 0, spaces: new Map() };
  const scope = { organizationId: input.organizationId, visible: await visibleSpaces(deps.db, access), spaceId: space };
  const { rows, total } = await listChangeRequestRows(deps.db, scope, filter, input.page);
  const spaces = await findActiveSpacesWithCounts(deps.db, [...new Set(rows.map((row) => row.spaceId))]);
  return { rows, total, spaces: new Map(spaces.map((s) => [s.id, s])) };
}
