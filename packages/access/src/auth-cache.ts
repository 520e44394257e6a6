import { createHash } from 'node:crypto';

/** What identity stores for a token and what cache keys are made of: never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cache key of a token's authentication; the gateway fills it, identity evicts it on revoke. */
export function authCacheKey(tokenHash: string): string {
  return `auth:v1:${tokenHash}`;
}
