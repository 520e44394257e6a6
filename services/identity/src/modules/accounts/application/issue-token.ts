import { hashToken } from '@quire/access';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import { generateToken, type TokenRequest } from '../domain/tokens';
import { listOrganizationIdsOfUser } from '../store/members.store';
import { insertToken } from '../store/tokens.store';
import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
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
  const organizationIds = await listOrganizationIdsOfUser(tx, user.id);
  await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, user.id, IdentityEvent.tokenCreated, { tokenId, userId: user.id, organizationIds }), input.now);
  return { token, tokenId, userId: user.id };
}
