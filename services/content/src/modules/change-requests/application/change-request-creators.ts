import { presentUsers, type PresentedUser } from '@quire/platform/users';
import type { ContentHttpDeps } from '../../shared';
import type { ChangeRequest } from '../model/change-request';

/** The creators of some change requests, fetched from identity in one call for all (by user id). */
export function changeRequestCreators(deps: Pick<ContentHttpDeps, 'clients' | 'urls'>, rows: readonly ChangeRequest[]): Promise<Map<string, PresentedUser>> {
  return presentUsers(
    deps.clients.identity(),
    deps.urls,
    rows.map((r) => r.createdBy),
  );
}
