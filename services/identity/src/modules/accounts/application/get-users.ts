import { findUsersByIds, type User } from '../store/users.store';
import type { IdentityDeps } from './deps';

/** At most this many users per call (other services' GetUsers). */
export const MAX_USERS_PER_CALL = 1000;

/** Users by id, for other services; unknown ids are left out. */
export async function getUsers({ db }: IdentityDeps, userIds: readonly string[]): Promise<User[]> {
  return findUsersByIds(db, [...new Set(userIds)].slice(0, MAX_USERS_PER_CALL));
}
