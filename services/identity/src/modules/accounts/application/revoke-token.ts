import { authCacheKey, hashToken } from '@quire/access';
import { notFound } from '@quire/errors';
import type { Cache } from '@quire/platform/cache';
import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { listOrganizationIdsOfUser } from '../store/members.store';
import { findActiveTokenByHash, findTokenById, revokeTokenRow } from '../store/tokens.store';
import type { IdentityDeps } from './deps';

/**
 * The operator's `tokens revoke`, by id or by the token itself: revokes it and evicts its cached
 * authentication at once. Revoking a token revoked before succeeds; an unknown one is a 404.
 */
export async function revokeToken({ db, clock, cache }: IdentityDeps & { cache: Cache }, input: { tokenId?: string; token?: string }): Promise<void> {
  const tokenId = input.tokenId || (input.token ? (await findActiveTokenByHash(db, hashToken(input.token)))?.id : undefined);
  if (!tokenId) throw notFound('Token not found');
  const now = clock();
  const revoked = await db.transaction(async (tx) => {
    const row = await revokeTokenRow(tx, tokenId, now);
    if (row) {
      const organizationIds = await listOrganizationIdsOfUser(tx, row.userId);
      await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, row.userId, IdentityEvent.tokenRevoked, { tokenId, userId: row.userId, organizationIds }), now);
    }
    return row;
  });
  if (!revoked) {
    if ((await findTokenById(db, tokenId)) === null) throw notFound('Token not found');
    return;
  }
  await cache.del([authCacheKey(revoked.tokenHash)]).catch(() => undefined);
}
