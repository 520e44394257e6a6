import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeOrganizationCreation, type OrganizationCreationRule } from '../policies/organization-creation.policy';
import { upsertMember } from '../store/members.store';
import { findOrganizationForUser, insertOrganization, type OrganizationWithRole } from '../store/organizations.store';
import { findUserById } from '../store/users.store';
import type { Caller, IdentityDeps } from './deps';

/**
 * createOrganization: the caller creates an organization and becomes its admin, when the operator's
 * rule lets them. `withDefaultSite` rides on `organization.created`: sites creates that site.
 */
export async function createOrganizationForCaller(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { title: string; emailDomains: string[]; withDefaultSite: boolean },
  rule: OrganizationCreationRule,
): Promise<OrganizationWithRole> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw notFound(`User ${caller.userId} not found`);
  authorizeOrganizationCreation(rule, user);
  const now = clock();
  return db.transaction(async (tx) => {
    const org = await insertOrganization(tx, { id: newId(), title: input.title, emailDomains: input.emailDomains });
    await upsertMember(tx, org.id, user.id, 'admin');
    const created = { organizationId: org.id, title: org.title, createdBy: user.id, withDefaultSite: input.withDefaultSite };
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, org.id, IdentityEvent.organizationCreated, created), now);
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, org.id, IdentityEvent.memberAdded, { organizationId: org.id, userId: user.id, role: 'admin' }), now);
    const answer = await findOrganizationForUser(tx, org.id, user.id);
    if (!answer) throw notFound(`Organization ${org.id} not found`);
    return answer;
  });
}
