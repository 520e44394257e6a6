import { seesEveryClaimOf } from '../domain/invites';
import { listOrganizationsWithEmailDomain, type OrganizationWithRole } from '../store/organizations.store';
import { findUserById } from '../store/users.store';
import { notFound } from '@quire/errors';
import type { Caller, IdentityDeps } from './deps';

/**
 * Organizations that claim `emailDomain` in their `emailDomains` (reference:
 * getOrganizationsForEmailDomain), with the caller's role in each: every one of them for the domain
 * of the caller's own address, else only those the caller is a member of (see seesEveryClaimOf).
 */
export async function listOrganizationsForEmailDomain({ db }: IdentityDeps, caller: Caller, input: { emailDomain: string }): Promise<OrganizationWithRole[]> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw notFound('User not found');
  return listOrganizationsWithEmailDomain(db, input.emailDomain, user.id, { membersOnly: !seesEveryClaimOf(user.email, input.emailDomain) });
}
