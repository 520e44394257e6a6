import { hashToken } from '@quire/access';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { generateScimToken, scimConnectionNotFound, tokenHintOf } from '../domain/scim-connections';
import { replaceScimToken } from '../store/scim-connections.store';
import type { ScimConnectionWithToken } from './create-scim-connection';

/**
 * Gives a connection a new token (organization admins). The old one stops working with the
 * commit: every SCIM request looks its token's hash up, nothing caches it.
 */
export async function rotateScimConnectionToken(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; scimConnectionId: string },
): Promise<ScimConnectionWithToken> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageScim');
  const orgId = org.id;
  const id = input.scimConnectionId;
  const now = clock();
  const token = generateScimToken();
  const connection = await db.transaction(async (tx) => {
    const rotated = await replaceScimToken(tx, orgId, id, { hash: hashToken(token), hint: tokenHintOf(token) }, now);
    if (rotated)
      await enqueueEvent(
        tx,
        outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.scimConnectionTokenRotated, { organizationId: orgId, scimConnectionId: id }),
        now,
      );
    return rotated;
  });
  if (!connection) throw scimConnectionNotFound(id);
  return { connection, token };
}
