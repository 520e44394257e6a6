import { badRequest, notFound } from '@quire/errors';
import { emailDomainOf } from '../domain/invites';
import { findOrganizationForUser } from '../store/organizations.store';
import { findUserById } from '../store/users.store';
import { admitMemberAnnounced } from './admit-member';
import type { Caller, IdentityDeps } from './deps';

/**
 * joinOrganization: the caller joins an organization that claims their e-mail domain
 * (`emailDomains`), with its default role (`read` without one). An address is verified by the way
 * its user came to be (an invite to it, the operator, the identity provider). A member stays as they
 * are; a guest becomes a member. 400 (as the reference) when the domain is not claimed; 404 for no such organization.
 */
export async function joinOrganization({ db, clock }: IdentityDeps, caller: Caller, input: { organizationId: string }): Promise<void> {
  const [org, user] = await Promise.all([findOrganizationForUser(db, input.organizationId, caller.userId), findUserById(db, caller.userId)]);
  if (!org || !user) throw notFound(`Organization ${input.organizationId} not found`);
  const domain = emailDomainOf(user.email);
  if (!org.emailDomains.includes(domain)) {
    throw badRequest(`Your e-mail domain ${domain} is not one organization ${org.id} lets join ("emailDomains"): ask an admin for an invite`);
  }
  const now = clock();
  await db.transaction((tx) => admitMemberAnnounced(tx, org.id, user.id, org.defaultRole ?? 'read', now));
}
