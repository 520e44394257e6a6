import { hashToken, type Role } from '@quire/access';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { generateScimToken, tokenHintOf } from '../domain/scim-connections';
import type { ScimConnection, ScimProvider } from '../model/scim-connection';
import { insertScimConnection } from '../store/scim-connections.store';

export const DEFAULT_SCIM_ROLE: Role = 'read';

/** A connection and its token, which is shown now and never again (only its hash is kept). */
export interface ScimConnectionWithToken {
  connection: ScimConnection;
  token: string;
}

/** Creates a SCIM connection (organization admins). */
export async function createScimConnection(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; label: string; provider: ScimProvider; defaultRole?: Role; groupRoles?: Record<string, Role> },
): Promise<ScimConnectionWithToken> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageScim');
  const orgId = org.id;
  const now = clock();
  const token = generateScimToken();
  const connection = await db.transaction(async (tx) => {
    const id = newId();
    const created = await insertScimConnection(
      tx,
      {
        id,
        organizationId: orgId,
        label: input.label,
        provider: input.provider,
        tokenHash: hashToken(token),
        tokenHint: tokenHintOf(token),
        defaultRole: input.defaultRole ?? DEFAULT_SCIM_ROLE,
        groupRoles: input.groupRoles ?? {},
      },
      now,
    );
    const data = { organizationId: orgId, scimConnectionId: id, label: input.label, provider: input.provider };
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.scimConnectionCreated, data), now);
    return created;
  });
  return { connection, token };
}
