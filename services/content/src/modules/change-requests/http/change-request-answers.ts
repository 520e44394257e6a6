import type { PresentedUser } from '@quire/platform/users';
import type { ContentHttpDeps } from '../../shared';
import { changeRequestCreators } from '../application/change-request-creators';
import { findMergedFrom } from '../application/find-merged-from';
import { presentChangeRequest, type ChangeRequestSpace, type PresentedChangeRequest } from '../presenters/change-request.presenter';
import type { ChangeRequest } from '../model/change-request';

/**
 * Change requests as answered, their creators fetched from identity in one call for all; `space`
 * is theirs, or a map of their spaces by id when they come from several (each row's space is in it).
 */
export async function answerChangeRequests(
  deps: ContentHttpDeps,
  rows: ChangeRequest[],
  space: ChangeRequestSpace | ReadonlyMap<string, ChangeRequestSpace>,
): Promise<PresentedChangeRequest[]> {
  const users = await changeRequestCreators(deps, rows);
  const spaceOf = (row: ChangeRequest) => (space instanceof Map ? (space.get(row.spaceId) as ChangeRequestSpace) : (space as ChangeRequestSpace));
  return rows.map((row) => presentChangeRequest(row, spaceOf(row), users.get(row.createdBy) as PresentedUser, deps.urls));
}

export async function answerChangeRequest(deps: ContentHttpDeps, row: ChangeRequest, space: ChangeRequestSpace): Promise<PresentedChangeRequest> {
  const [answer] = await answerChangeRequests(deps, [row], space);
  return answer as PresentedChangeRequest;
}

/** A merge revision's `mergedFrom`: the change request it merged, presented whole (reference: Revision). */
export async function answerMergedFrom(deps: ContentHttpDeps, space: ChangeRequestSpace, changeRequestId: string): Promise<PresentedChangeRequest | undefined> {
  const row = await findMergedFrom(deps, space.id, changeRequestId);
  return row ? answerChangeRequest(deps, row, space) : undefined;
}
