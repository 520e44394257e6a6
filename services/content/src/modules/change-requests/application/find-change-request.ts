import type { SqlExecutor } from '@quire/platform/sql';
import { findChangeRequestRow } from '../store/change-requests.store';
import type { ChangeRequest } from '../model/change-request';

/**
 * A change request of a space by id or number, unauthorized: for other modules' use cases that
 * authorized the space already (a revision read, the links of a change request).
 */
export function findChangeRequest(db: SqlExecutor, spaceId: string, idOrNumber: string): Promise<ChangeRequest | null> {
  return findChangeRequestRow(db, spaceId, idOrNumber);
}
