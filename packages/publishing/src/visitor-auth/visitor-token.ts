import { randomBytes } from 'node:crypto';
import { hmacKey, signHs256, verifyHs256, type TokenRefusal } from '../jwt/hs256-token';

// Visitor tokens of `visitor-auth` sites (reference SitePublishingAuth, custom backend): the
// customer's backend signs the visitor's claims with the site's `privateKey` and sends the
// visitor to the site with `?jwt_token=…`. The reference calls it a "private key used to sign JWT
// tokens" but gives no public half, and GitBook's guides sign with
// `jwt.sign(claims, key)` (jsonwebtoken's default, HS256 over the key string's UTF-8 bytes): a
// shared secret, so HS256 and nothing else. `exp` is required: a token without one would stay
// valid until the key is regenerated.

export type VisitorTokenRefusal = TokenRefusal;

/** What a verified token says about the visitor: its own claims for adaptive content, registered claims apart. */
export interface VisitorClaims {
  claims: Record<string, unknown>;
  expiresAt: Date;
  subject?: string;
}

export type VisitorTokenCheck = { ok: true; visitor: VisitorClaims } | { ok: false; reason: VisitorTokenRefusal };

const REGISTERED = new Set(['exp', 'nbf', 'iat', 'iss', 'aud', 'sub', 'jti']);

/** A new signing key for a site (regenerateSitePublishingAuthById): 256 random bits as 64 hex characters. */
export function generateVisitorSigningKey(): string {
  return randomBytes(32).toString('hex');
}

/** Verifies a visitor's token against the site's key (the stored `privateKey`, unsealed). Never throws. */
export async function verifyVisitorToken(token: unknown, privateKey: string, now: Date = new Date()): Promise<VisitorTokenCheck> {
  if (privateKey.length === 0) return { ok: false, reason: 'bad-signature' };
  const checked = await verifyHs256(token, hmacKey(privateKey), now);
  if (!checked.ok) return checked;
  const { payload } = checked;
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload)) if (!REGISTERED.has(name)) claims[name] = value;
  return {
    ok: true,
    visitor: {
      claims,
      expiresAt: new Date((payload.exp as number) * 1000),
      ...(typeof payload.sub === 'string' ? { subject: payload.sub } : {}),
    },
  };
}

/**
 * A visitor token as a site's own backend would sign it, for claims Quire vouches for itself (a
 * reader signed in with the site's OpenID provider): the same cookie and checks as any visitor JWT.
 * Registered claims among `claims` are dropped; `exp` is required.
 */
export function signVisitorToken(visitor: VisitorClaims, privateKey: string, now: Date = new Date()): Promise<string> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(visitor.claims)) if (!REGISTERED.has(name)) claims[name] = value;
  return signHs256(
    {
      ...claims,
      ...(visitor.subject ? { sub: visitor.subject } : {}),
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(visitor.expiresAt.getTime() / 1000),
    },
    hmacKey(privateKey),
  );
}
