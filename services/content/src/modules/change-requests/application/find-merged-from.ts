import type { ContentHttpDeps } from '../../shared';
import { findChangeRequest, type ChangeRequest } from '../store/change-requests.store';

/** The change request a merge revision merged (its `mergedFrom`), if it is still there. */
export async function findMergedFrom(deps: Pick<ContentHttpDeps, 'db'>, spaceId: string, changeRequestId: string): Promise<ChangeRequest | undefined> {
  return (await findChangeRequest(deps.db, spaceId, changeRequestId)) ?? undefined;
}
