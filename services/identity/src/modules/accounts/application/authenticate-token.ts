import { hashToken } from '@quire/access';
import { notFound } from '@quire/errors';
import type { Logger } from '@quire/platform/logger';
import { findActiveTokenByHash, touchToken } from '../store/tokens.store';
import type { IdentityDeps } from './deps';

/** Whose token this is (the gateway's Authenticate); its last use is stamped without waiting. */
export async function authenticateToken({ db, clock }: IdentityDeps, logger: Logger, token: string): Promise<{ userId: string; tokenId: string }> {
  const row = token ? await findActiveTokenByHash(db, hashToken(token)) : null;
  if (!row) throw notFound('Unknown or revoked token');
  touchToken(db, row.id, clock()).catch((err: Error) => logger.warn({ err: err.message }, 'could not record token use'));
  return { userId: row.userId, tokenId: row.id };
}
