import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import type { Space } from '../../spaces';
import type { ChangeRequest } from '../model/change-request';
import { authorizeSpaceFor } from '../policies/change-request.policy';
import { listChangeRequestRows, type ChangeRequestFilter } from '../store/change-requests.store';

/** A page of a space's change requests (`read`), filtered. */
export async function listChangeRequests(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; filter: ChangeRequestFilter; page: PageRequest },
): Promise<Paged<ChangeRequest> & { space: Space }> {
  const { space } = await authorizeSpaceFor(deps.db, deps.membership, input.spaceId, caller.userId, 'read');
  return { space, ...(await listChangeRequestRows(deps.db, { spaceId: space.id }, input.filter, input.page)) };
}
