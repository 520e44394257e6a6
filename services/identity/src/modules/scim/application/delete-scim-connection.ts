import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { scimConnectionNotFound } from '../domain/scim-connections';
import { deleteScimConnectionRow } from '../store/scim-connections.store';

/**
 * Deletes a connection (organization admins); its token is refused from then on. The people and
 * teams it provisioned stay as they are (an admin manages them from then on).
 */
export async function deleteScimConnection(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; scimConnectionId: string },
): Promise<void> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageScim');
  const orgId = org.id;
  const id = input.scimConnectionId;
  const now = clock();
  const deleted = await db.transaction(async (tx) => {
    const row = await deleteScimConnectionRow(tx, orgId, id);
    if (row)
      await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.scimConnectionDeleted, { organizationId: orgId, scimConnectionId: id }), now);
    return row;
  });
  if (!deleted) throw scimConnectionNotFound(id);
}
