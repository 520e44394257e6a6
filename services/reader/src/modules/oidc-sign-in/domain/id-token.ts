import type * as Jose from 'jose';
import type { JSONWebKeySet, JWTPayload } from 'jose';

// ID-token validation (OpenID Connect Core §3.1.3.7): the signature against the provider's JWKS
// with asymmetric algorithms only (an `HS256` token would be signed with the client secret, which
// the reader never uses as a key; `none` is no signature), then issuer, audience, expiry and the
// nonce of this sign-in. jose is loaded on the first sign-in, not at start.

let jose: typeof Jose | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const loadJose = (): typeof Jose => (jose ??= require('jose') as typeof Jose);

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_SECONDS = 30;
/** The protocol's claims: none of them says anything about the reader. */
const PROTOCOL_CLAIMS = new Set([
  'iss',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'nonce',
  'azp',
  'at_hash',
  'c_hash',
  's_hash',
  'auth_time',
  'acr',
  'amr',
  'sid',
  'sub',
]);

export type IdTokenCheck = { ok: true; payload: JWTPayload & { sub: string; exp: number } } | { ok: false; reason: string };

export async function verifyIdToken(
  idToken: string,
  jwks: JSONWebKeySet,
  expected: { issuer: string; clientId: string; nonce: string },
  now: Date,
): Promise<IdTokenCheck> {
  const { jwtVerify, createLocalJWKSet } = loadJose();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ALGORITHMS,
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
  // §3.1.3.7 (4, 5): a token for several audiences names this client as its authorized party.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId)
    return { ok: false, reason: 'the token was issued to another client' };
  if (payload.nonce !== expected.nonce) return { ok: false, reason: 'the token belongs to another sign-in (nonce)' };
  return { ok: true, payload: payload as JWTPayload & { sub: string; exp: number } };
}

function reasonOf(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === 'ERR_JWT_EXPIRED') return 'the token has expired';
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JWKS_NO_MATCHING_KEY') return 'the token is not signed by the provider';
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'the token is signed with an algorithm not accepted';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return `the token's claims do not match (${(err as { claim?: string }).claim ?? 'claim'})`;
  return 'the token is malformed';
}

/** The visitor claims kept from an ID token: those named, or every claim but the protocol's. */
export function visitorClaimsOf(payload: JWTPayload, named: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (named.length > 0 ? named.includes(name) && name !== 'sub' : !PROTOCOL_CLAIMS.has(name)) claims[name] = value;
  }
  return claims;
}
