import { authCacheKey, hashToken, type Principal } from '@quire/access';
import { ApiError, badRequest, unauthorized } from '@quire/errors';
import { TtlCache } from '@quire/helpers';
import type { Cache } from '@quire/platform/cache';
import type { IdentityClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';
import { looksLikeSiteToken, type SiteTokenVerifier } from './site-token';

export interface AuthenticatorOptions {
  cacheTtlSeconds: number;
  localTtlMs: number;
}

export interface Authenticated {
  principal: Principal;
  tokenHash: string;
}

// The auth scheme is case-insensitive (RFC 7235 §2.1); one or more spaces may follow it.
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{8,512})$/i;
// A published site's apiToken (a JWT) may be longer than an API token: its `spaces` claim lists ids.
const BEARER_JWT = /^Bearer +([A-Za-z0-9._-]{8,8192})$/i;

/**
 * Resolves `Authorization: Bearer <token>`: in-process cache, then Redis, then identity's
 * Authenticate over gRPC. Redis being down only costs speed; identity being down is a 503.
 */
export class Authenticator {
  private readonly local: TtlCache<Principal>;
  private lastCacheWarn = 0;

  constructor(
    private readonly identity: () => IdentityClient,
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly options: AuthenticatorOptions,
    private readonly siteTokens?: SiteTokenVerifier,
  ) {
    // In-process, in front of Redis: the hot path answers without a network hop. Entries live a
    // few seconds, which bounds how long a revoked token can linger in one worker.
    this.local = new TtlCache(options.localTtlMs, 10_000);
  }

  /** `headerCount`: how many Authorization headers came (Node keeps only the first of several). */
  async authenticate(header: string | undefined, headerCount = header === undefined ? 0 : 1): Promise<Authenticated> {
    if (headerCount > 1) throw badRequest('Send one Authorization header, not several');
    if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <token>"');
    // A site's apiToken is verified here, not by identity: it names no user (site-token.ts).
    const jwt = BEARER_JWT.exec(header)?.[1];
    if (this.siteTokens && jwt && looksLikeSiteToken(jwt)) return this.siteTokens.verify(jwt);
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
