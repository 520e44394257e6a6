import type * as Jose from 'jose';
import type { JWTPayload } from 'jose';

// The one door for HS256 JWTs (visitor tokens and published-content API tokens): a cheap shape
// check first, so hostile input never reaches the crypto, then jose with the algorithm pinned
// (never taken from the token's header) and `exp` required. Every refusal has a reason code.

/** Tokens longer than this are refused unread: visitor claims are small, and cookies cap near 4 KB. */
export const MAX_TOKEN_LENGTH = 8192;
/** Leeway for clocks that disagree a little, on `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;

export type TokenRefusal =
  'missing' | 'oversized' | 'malformed' | 'unsigned' | 'wrong-algorithm' | 'bad-signature' | 'expired' | 'not-yet-valid' | 'missing-expiry' | 'invalid-claims';

export type TokenCheck = { ok: true; payload: JWTPayload } | { ok: false; reason: TokenRefusal };

// jose is loaded on the first token, not at start: most processes never see one (start-up bench).
let jose: typeof Jose | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const loadJose = (): typeof Jose => (jose ??= require('jose') as typeof Jose);

const COMPACT = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const encoder = new TextEncoder();

/** The HMAC key of a secret string: its UTF-8 bytes, as jsonwebtoken and jose use a string secret. */
export function hmacKey(secret: string): Uint8Array {
  return encoder.encode(secret);
}

function headerAlgorithm(token: string): string | undefined {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'));
    if (typeof header !== 'object' || header === null || Array.isArray(header)) return undefined;
    const alg = (header as { alg?: unknown }).alg;
    return typeof alg === 'string' ? alg : undefined;
  } catch {
    return undefined;
  }
}

function refusalOf(error: unknown): TokenRefusal {
  const { errors } = loadJose();
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'exp' && error.reason === 'missing') return 'missing-expiry';
    if (error.claim === 'nbf' && error.reason === 'check_failed') return 'not-yet-valid';
    return 'invalid-claims';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'wrong-algorithm';
  return 'malformed';
}

/** Verifies a compact HS256 JWT against `secret`. Never throws. */
export async function verifyHs256(token: unknown, secret: Uint8Array, now: Date = new Date()): Promise<TokenCheck> {
  if (typeof token !== 'string' || token.length === 0) return { ok: false, reason: 'missing' };
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'oversized' };
  if (!COMPACT.test(token)) return { ok: false, reason: 'malformed' };
  const alg = headerAlgorithm(token);
  if (alg === undefined) return { ok: false, reason: 'malformed' };
  if (alg.toLowerCase() === 'none' || token.endsWith('.')) return { ok: false, reason: 'unsigned' };
  if (alg !== 'HS256') return { ok: false, reason: 'wrong-algorithm' };
  try {
    const { payload } = await loadJose().jwtVerify(token, secret, {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    return { ok: true, payload };
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  }
}

/**
 * Signs `payload` with HS256 (header `{alg, typ}` only, so equal payloads give equal tokens).
 * `bare`: the header `{alg}` alone, 16 characters fewer, for tokens that must stay short.
 */
export function signHs256(payload: JWTPayload, secret: Uint8Array, options: { bare?: boolean } = {}): Promise<string> {
  const header = options.bare ? { alg: 'HS256' } : { alg: 'HS256', typ: 'JWT' };
  return new (loadJose().SignJWT)(payload).setProtectedHeader(header).sign(secret);
}
