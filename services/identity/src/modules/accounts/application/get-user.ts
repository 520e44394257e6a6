import { notFound } from '@quire/errors';
import { findUserById, shareAnOrganization, type User } from '../store/users.store';
import type { Caller, IdentityDeps } from './deps';

/** The caller's own user (GET /user). */
export async function getCurrentUser({ db }: IdentityDeps, caller: Caller): Promise<User> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw notFound('User not found');
  return user;
}

/** A user, visible to themselves and to the members of the organizations they belong to; else 404. */
export async function getUser({ db }: IdentityDeps, caller: Caller, input: { userId: string }): Promise<User> {
  const { userId } = input;
  const user = await findUserById(db, userId);
  if (!user || (userId !== caller.userId && !(await shareAnOrganization(db, caller.userId, userId)))) throw notFound(`User ${userId} not found`);
  return user;
}
