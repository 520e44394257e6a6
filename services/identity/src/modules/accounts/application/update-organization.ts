import { conflict, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization, type AuthorizedOrganization } from '../policies/organization.policy';
import { isHostnameTaken, updateOrganizationRow, type OrganizationChanges } from '../store/organizations.store';
import type { Caller, IdentityDeps } from './deps';

/** PATCH /orgs/{id} (admins): applies the changes; the event carries the names of the fields that changed. */
export async function updateOrganization(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; changes: OrganizationChanges },
): Promise<AuthorizedOrganization> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'update');
  const { changes } = input;
  const now = clock();
  const updated = await db.transaction(async (tx) => {
    if (changes.hostname !== undefined && (await isHostnameTaken(tx, changes.hostname, org.id))) {
      throw conflict(`Invalid body field "hostname": "${changes.hostname}" is already used by another organization`);
    }
    const row = await updateOrganizationRow(tx, org.id, changes, now);
    if (row) {
      const fields = Object.keys(changes).filter((k) => changes[k as keyof OrganizationChanges] !== undefined);
      await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, org.id, IdentityEvent.organizationUpdated, { organizationId: org.id, fields }), now);
    }
    return row;
  });
  if (!updated) throw notFound(`Organization ${org.id} not found`);
  return { ...org, ...updated };
}
