import type { ChangeRequest } from '../model/change-request';

/** What events about a change request carry. */
export function changeRequestFacts(cr: ChangeRequest, organizationId: string) {
  return { spaceId: cr.spaceId, organizationId, changeRequestId: cr.id, number: cr.number, status: cr.status, revisionId: cr.revisionId };
}
