import { randomBytes } from 'node:crypto';
import { hmacKey, verifyHs256, type TokenRefusal } from '../jwt/hs256-token';

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
