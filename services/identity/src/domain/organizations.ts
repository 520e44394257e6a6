import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { IdentityEvent, organizationEvent } from '../events/identity-events';
import { upsertMember } from '../store/members.store';
import { insertOrganization, isHostnameTaken, updateOrganization, type OrganizationChanges, type Organization } from '../store/organizations.store';
import { findOrCreateUser } from './users';

/** Creates an organization with its owner as admin (the owner user is created when missing). */
export async function createOrganization(db: SqlDatabase, input: { title: string; ownerEmail: string }, now: Date) {
  return db.transaction((tx) => createOrganizationIn(tx, input, now));
}

/** The same, inside a transaction the caller holds. */
export async function createOrganizationIn(tx: SqlExecutor, input: { title: string; ownerEmail: string }, now: Date) {
  const { user } = await findOrCreateUser(tx, { email: input.ownerEmail }, now);
  const org = await insertOrganization(tx, { id: newId(), title: input.title });
  await upsertMember(tx, org.id, user.id, 'admin');
  await enqueueEvent(tx, organizationEvent(IdentityEvent.organizationCreated, { organizationId: org.id, title: org.title }), now);
  await announceMemberAdded(tx, org.id, user.id, 'admin', now);
  return { organization: org, owner: user };
}

/** Applies a PATCH; the event carries the names of the fields that changed. */
export async function updateOrganizationFields(db: SqlDatabase, orgId: string, changes: OrganizationChanges, now: Date): Promise<Organization | null> {
  return db.transaction(async (tx) => {
    if (changes.hostname !== undefined && (await isHostnameTaken(tx, changes.hostname, orgId))) {
      throw conflict(`Invalid body field "hostname": "${changes.hostname}" is already used by another organization`);
    }
    const row = await updateOrganization(tx, orgId, changes, now);
    if (row) {
      const fields = Object.keys(changes).filter((k) => changes[k as keyof OrganizationChanges] !== undefined);
      await enqueueEvent(tx, organizationEvent(IdentityEvent.organizationUpdated, { organizationId: orgId, fields }), now);
    }
    return row;
  });
}

export async function announceMemberAdded(tx: SqlExecutor, orgId: string, userId: string, role: string, now: Date): Promise<void> {
  await enqueueEvent(tx, organizationEvent(IdentityEvent.memberAdded, { organizationId: orgId, userId, role }), now);
}
