import { hashToken } from '@quire/access';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import { insertToken } from '../store/tokens.store';
import { findOrCreateUser } from './users';

export const TOKEN_PREFIX = 'qr_';

/** A new API token: 40 base62 characters behind a recognisable prefix. */
export function generateToken(): string {
  return TOKEN_PREFIX + newId(40);
}

export interface TokenRequest {
  email: string;
  displayName?: string;
  name?: string;
  token?: string;
  /** Time of the events of a user created here (pending invites accepted); pass clock(). */
  now?: Date;
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
