import type { ContentHttpDeps } from '../../shared';
import { findChangeRequestRow } from '../store/change-requests.store';
import type { ChangeRequest } from '../model/change-request';

/** The change request a merge revision merged (its `mergedFrom`), if it is still there. */
export async function findMergedFrom(deps: Pick<ContentHttpDeps, 'db'>, spaceId: string, changeRequestId: string): Promise<ChangeRequest | undefined> {
  return (await findChangeRequestRow(deps.db, spaceId, changeRequestId)) ?? undefined;
}
