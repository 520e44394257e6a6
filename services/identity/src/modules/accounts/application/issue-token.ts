import { hashToken } from '@quire/access';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import { generateToken, type TokenRequest } from '../domain/tokens';
import { insertToken } from '../store/tokens.store';
import type { IdentityDeps } from './deps';
import { findOrCreateUser } from './find-or-create-user';

/** The operator's `tokens create`: creates the user if missing and a new token for them, returned once. */
export async function issueToken({ db, clock }: IdentityDeps, input: Omit<TokenRequest, 'now'>) {
  const now = clock();
  return db.transaction((tx) => issueTokenIn(tx, { ...input, now }));
}

/**
 * Creates the user if missing and a new token for them, inside the caller's transaction; the token
 * is returned once and never stored.
 */
export async function issueTokenIn(tx: SqlExecutor, input: TokenRequest) {
  const token = input.token ?? generateToken();
  const { user } = await findOrCreateUser(tx, { email: input.email, displayName: input.displayName }, input.now);
  const tokenId = newId();
  await insertToken(tx, { id: tokenId, userId: user.id, name: input.name ?? '', hash: hashToken(token) });
  return { token, tokenId, userId: user.id };
}
