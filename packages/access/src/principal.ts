import { createHmac, timingSafeEqual } from 'node:crypto';

// The gateway forwards who is calling in these headers, signed with INTERNAL_SECRET.
// Services trust nothing else; clients' copies of these headers are stripped by the gateway.
export const PRINCIPAL_HEADER = 'x-quire-principal';
export const SIGNATURE_HEADER = 'x-quire-signature';
export const INTERNAL_HEADERS = [PRINCIPAL_HEADER, SIGNATURE_HEADER] as const;

export interface Principal {
  userId: string;
  tokenId: string;
}

const MAX_AGE_SECONDS = 300;

interface SignedPayload {
  u: string;
  t: string;
  iat: number;
}

export function signPrincipal(principal: Principal, secret: string, now = Date.now()): { principal: string; signature: string } {
  const payload: SignedPayload = { u: principal.userId, t: principal.tokenId, iat: Math.floor(now / 1000) };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { principal: encoded, signature: hmac(encoded, secret) };
}

/** Returns the principal when the headers are present, fresh and correctly signed; otherwise null. */
export function verifyPrincipal(encoded: string | undefined, signature: string | undefined, secret: string, now = Date.now()): Principal | null {
  if (!encoded || !signature) return null;
  const expected = Buffer.from(hmac(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const p = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<SignedPayload>;
    if (typeof p.u !== 'string' || typeof p.t !== 'string' || typeof p.iat !== 'number') return null;
    if (Math.abs(now / 1000 - p.iat) > MAX_AGE_SECONDS) return null;
    return { userId: p.u, tokenId: p.t };
  } catch {
    return null;
  }
}

/** Signature for admin gRPC calls from the CLI: HMAC of the method name and a timestamp. */
export function signAdminCall(method: string, secret: string, now = Date.now()): string {
  const ts = Math.floor(now / 1000);
  return `${ts}.${hmac(`admin:${method}:${ts}`, secret)}`;
}

export function verifyAdminCall(method: string, value: string | undefined, secret: string, now = Date.now()): boolean {
  if (!value) return false;
  const [ts, sig] = value.split('.');
  if (!ts || !sig || !/^\d+$/.test(ts) || Math.abs(now / 1000 - Number(ts)) > MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(hmac(`admin:${method}:${ts}`, secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function hmac(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}
