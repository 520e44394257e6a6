import { ApiError, authCacheKey, hashToken, unauthorized, type Cache, type IdentityClient, type Logger, type Principal } from '@quire/common';
import { LocalTtlCache } from './local-cache';

export interface AuthenticatorOptions {
  cacheTtlSeconds: number;
  localTtlMs: number;
}

export interface Authenticated {
  principal: Principal;
  tokenHash: string;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{8,512})$/;

/**
 * Resolves `Authorization: Bearer <token>`: in-process cache, then Redis, then identity's
 * Authenticate over gRPC. Redis being down only costs speed; identity being down is a 503.
 */
export class Authenticator {
  private readonly local: LocalTtlCache<Principal>;
  private lastCacheWarn = 0;

  constructor(
    private readonly identity: () => IdentityClient,
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly options: AuthenticatorOptions,
  ) {
    this.local = new LocalTtlCache(options.localTtlMs);
  }

  async authenticate(header: string | undefined): Promise<Authenticated> {
    if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <token>"');
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
    const tokenHash = hashToken(match[1] as string);
    const local = this.local.get(tokenHash);
    if (local) return { principal: local, tokenHash };

    const key = authCacheKey(tokenHash);
    const cached = await this.cache.get(key).catch((err: Error) => this.cacheFailed(err));
    if (cached) {
      const principal = JSON.parse(cached) as Principal;
      this.local.set(tokenHash, principal);
      return { principal, tokenHash };
    }

    let principal: Principal;
    try {
      const answer = await this.identity().authenticate({ token: match[1] as string });
      principal = { userId: answer.userId, tokenId: answer.tokenId };
    } catch (err) {
      if (err instanceof ApiError && err.code === 404) throw unauthorized('Unknown or revoked API token');
      throw err;
    }
    this.local.set(tokenHash, principal);
    await this.cache.set(key, JSON.stringify(principal), this.options.cacheTtlSeconds).catch((err: Error) => this.cacheFailed(err));
    return { principal, tokenHash };
  }

  private cacheFailed(err: Error): null {
    if (Date.now() - this.lastCacheWarn > 10000) {
      this.lastCacheWarn = Date.now();
      this.logger.warn({ err: err.message }, 'auth cache unavailable; asking identity directly');
    }
    return null;
  }
}
