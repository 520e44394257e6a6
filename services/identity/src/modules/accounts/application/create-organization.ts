import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { upsertMember } from '../store/members.store';
import { insertOrganization } from '../store/organizations.store';
import type { IdentityDeps } from './deps';
import { findOrCreateUser } from './find-or-create-user';

/** The operator's `orgs create`: an organization with its owner as admin (the owner user is created when missing). */
export async function createOrganization({ db, clock }: IdentityDeps, input: { title: string; ownerEmail: string }) {
  const now = clock();
  return db.transaction((tx) => createOrganizationIn(tx, input, now));
}

/**
 * Creates an organization with its owner as admin (the owner user is created when missing), inside
 * the caller's transaction: a step of the operator's `orgs create` and of the first start's bootstrap.
 */
export async function createOrganizationIn(tx: SqlExecutor, input: { title: string; ownerEmail: string }, now: Date) {
  const { user } = await findOrCreateUser(tx, { email: input.ownerEmail }, now);
  const org = await insertOrganization(tx, { id: newId(), title: input.title });
  await upsertMember(tx, org.id, user.id, 'admin');
  await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, org.id, IdentityEvent.organizationCreated, { organizationId: org.id, title: org.title }), now);
  await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, org.id, IdentityEvent.memberAdded, { organizationId: org.id, userId: user.id, role: 'admin' }), now);
  return { organization: org, owner: user };
}
