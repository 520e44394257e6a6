import { authCacheKey, hashToken } from '@quire/access';
import { newId } from '@quire/ids';
import type { Cache } from '@quire/platform/cache';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { IDENTITY_TOPIC, IdentityEvent } from '../events/identity-events';
import { findTokenById, insertToken, revokeToken } from '../store/tokens.store';
import { findOrCreateUser } from './users';

export const TOKEN_PREFIX = 'qr_';

/** A new API token: 40 base62 characters behind a recognisable prefix. */
export function generateToken(): string {
  return TOKEN_PREFIX + newId(40);
}

/** Creates the user if missing and a new token for them; the token is returned once and never stored. */
export async function issueToken(db: SqlDatabase, input: TokenRequest) {
  return db.transaction((tx) => issueTokenIn(tx, input));
}

interface TokenRequest {
  email: string;
  displayName?: string;
  name?: string;
  token?: string;
  /** Time of the events of a user created here (pending invites accepted); pass clock(). */
  now?: Date;
}

/** The same, inside a transaction the caller holds. */
export async function issueTokenIn(tx: SqlExecutor, input: TokenRequest) {
  const token = input.token ?? generateToken();
  const { user } = await findOrCreateUser(tx, { email: input.email, displayName: input.displayName }, input.now);
  const tokenId = newId();
  await insertToken(tx, { id: tokenId, userId: user.id, name: input.name ?? '', hash: hashToken(token) });
  return { token, tokenId, userId: user.id };
}

/** Revokes a token and evicts its cached authentication at once. */
export async function revokeTokenById(db: SqlDatabase, cache: Cache, tokenId: string, now: Date): Promise<boolean> {
  const revoked = await db.transaction(async (tx) => {
    const row = await revokeToken(tx, tokenId, now);
    if (row) await enqueueEvent(tx, { topic: IDENTITY_TOPIC, key: row.userId, type: IdentityEvent.tokenRevoked, data: { tokenId, userId: row.userId } }, now);
    return row;
  });
  if (!revoked) return (await findTokenById(db, tokenId)) !== null;
  await cache.del([authCacheKey(revoked.tokenHash)]).catch(() => undefined);
  return true;
}
