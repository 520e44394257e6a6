import { notFound } from '@quire/errors';
import { updateUserProfile, type User } from '../store/users.store';
import type { Caller, IdentityDeps } from './deps';

/** updateUserById: a user changes their own name and photo; anyone else's is a 404, as if it did not exist. */
export async function updateUser(
  { db }: IdentityDeps,
  caller: Caller,
  input: { userId: string; changes: { displayName?: string; photoUrl?: string } },
): Promise<User> {
  if (input.userId !== caller.userId) throw notFound(`User ${input.userId} not found`);
  const user = await updateUserProfile(db, caller.userId, input.changes);
  if (!user) throw notFound(`User ${input.userId} not found`);
  return user;
}
