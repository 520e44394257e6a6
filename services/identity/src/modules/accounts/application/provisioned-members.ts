import { authCacheKey } from '@quire/access';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import type { Cache } from '@quire/platform/cache';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { deleteMemberRow, listOrganizationIdsOfUser, upsertMember } from '../store/members.store';
import { revokeTokensOfUser } from '../store/tokens.store';
import { lockMemberForChange } from './lock-member-for-change';

// Memberships as an identity provider (a SCIM connection) sets them, in the caller's transaction,
// with the events the member routes emit: member.added / member.role-changed / member.removed.

/** Makes the user a member with this role (added, or re-roled when they had another). */
export async function provisionMember(tx: SqlExecutor, organizationId: string, userId: string, role: string, now: Date): Promise<void> {
  const member = await lockMemberForChange(tx, organizationId, userId, role);
  if (member?.role === role) return;
  await upsertMember(tx, organizationId, userId, role);
  const data = { organizationId, userId, role };
  if (member === null) await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberAdded, data), now);
  else await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRoleChanged, { ...data, previousRole: member.role }), now);
}

/**
 * Removes the user from the organization (member.removed evicts every service's membership entry,
 * so their API tokens are refused there at once). A user left in no organization has nothing
 * their tokens could still reach: those are revoked too, and their hashes returned for
 * `evictRevokedTokens` once the transaction has committed.
 */
export async function deprovisionMember(
  tx: SqlExecutor,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<{ removed: boolean; revokedTokenHashes: string[] }> {
  if (!(await lockMemberForChange(tx, organizationId, userId, null))) return { removed: false, revokedTokenHashes: [] };
  const row = await deleteMemberRow(tx, organizationId, userId);
  if (!row) return { removed: false, revokedTokenHashes: [] };
  await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRemoved, { organizationId, userId, role: row.role }), now);
  const organizationIds = await listOrganizationIdsOfUser(tx, userId);
  if (organizationIds.length > 0) return { removed: true, revokedTokenHashes: [] };
  const revoked = await revokeTokensOfUser(tx, userId, now);
  for (const token of revoked) {
    const data = { tokenId: token.id, userId, organizationIds: [organizationId] };
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, userId, IdentityEvent.tokenRevoked, data), now);
  }
  return { removed: true, revokedTokenHashes: revoked.map((t) => t.tokenHash) };
}

/** Drops revoked tokens' cached authentications, so the gateway asks identity (which refuses them) on their next use. */
export async function evictRevokedTokens(cache: Cache, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length) await cache.del(tokenHashes.map(authCacheKey)).catch(() => undefined);
}
