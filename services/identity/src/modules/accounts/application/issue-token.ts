import type { TokenRequest } from '../domain/tokens';
import { issueTokenIn } from '../domain/tokens';
import type { IdentityDeps } from './deps';

/** The operator's `tokens create`: creates the user if missing and a new token for them, returned once. */
export async function issueToken({ db, clock }: IdentityDeps, input: Omit<TokenRequest, 'now'>) {
  const now = clock();
  return db.transaction((tx) => issueTokenIn(tx, { ...input, now }));
}
