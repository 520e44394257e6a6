import { createHmac, timingSafeEqual } from 'node:crypto';
import { siteReaderId, type SiteReaderScope } from './site-reader';

// The gateway forwards who is calling in these headers, signed with INTERNAL_SECRET.
// Services trust nothing else; clients' copies of these headers are stripped by the gateway.
export const PRINCIPAL_HEADER = 'x-quire-principal';
export const SIGNATURE_HEADER = 'x-quire-signature';
export const INTERNAL_HEADERS = [PRINCIPAL_HEADER, SIGNATURE_HEADER] as const;

export interface Principal {
  userId: string;
  tokenId: string;
  /** Set for a site reader: the caller holds a published site's `apiToken` (site-reader.ts), not a user's token. */
  site?: SiteReaderScope;
}

const MAX_AGE_SECONDS = 300;

interface SignedPayload {
  u: string;
  t: string;
  iat: number;
  /** A site reader's scope: organization, site, spaces. Signed with the rest, so a service trusts it as it trusts `u`. */
  s?: { o: string; s: string; sp: string[] };
}

export function signPrincipal(principal: Principal, secret: string, now = Date.now()): { principal: string; signature: string } {
  const payload: SignedPayload = { u: principal.userId, t: principal.tokenId, iat: Math.floor(now / 1000) };
  if (principal.site) payload.s = { o: principal.site.organizationId, s: principal.site.siteId, sp: [...principal.site.spaceIds] };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { principal: encoded, signature: hmac(encoded, secret) };
}

/** Returns the principal when the headers are present, fresh and correctly signed; otherwise null. */
export function verifyPrincipal(encoded: string | undefined, signature: string | undefined, secret: string, now = Date.now()): Principal | null {
  if (!encoded || !signature) return null;
  return verifyKnown(knownPrincipal(encoded, secret), encoded, signature, now);
}

/** Principals whose signatures a verifier remembers at most: the gateway signs one per token a minute. */
const REMEMBERED_SIGNATURES = 10_000;

/**
 * verifyPrincipal for a service's every request: what a principal's text carries is remembered
 * (the gateway reuses one signature per token for a minute, so the same few come again and again):
 * the HMAC it must be signed with, and its parsed payload once a signature matched. The signature
 * comparison and the freshness check still run on every call.
 */
export function principalVerifier(secret: string): (encoded: string | undefined, signature: string | undefined, now?: number) => Principal | null {
  const known = new Map<string, KnownPrincipal>();
  return (encoded, signature, now = Date.now()) => {
    if (!encoded || !signature) return null;
    let entry = known.get(encoded);
    if (entry === undefined) {
      if (known.size >= REMEMBERED_SIGNATURES) known.clear();
      entry = knownPrincipal(encoded, secret);
      known.set(encoded, entry);
    }
    return verifyKnown(entry, encoded, signature, now);
  };
}

/** What a principal's text carries: the HMAC it must be signed with, and its payload, parsed once a signature matched (null: no principal). */
interface KnownPrincipal {
  signature: Buffer;
  payload?: ParsedPayload | null;
}

/** A payload's principal (frozen: one object is handed to every request that carries it) and when it was signed. */
interface ParsedPayload {
  principal: Principal;
  iat: number;
}

function knownPrincipal(encoded: string, secret: string): KnownPrincipal {
  return { signature: Buffer.from(hmac(encoded, secret)) };
}

/** The principal `encoded` names when `signature` is its HMAC and it is fresh: the signature first, the payload parsed only after. */
function verifyKnown(known: KnownPrincipal, encoded: string, signature: string, now: number): Principal | null {
  const given = Buffer.from(signature);
  if (known.signature.length !== given.length || !timingSafeEqual(known.signature, given)) return null;
  if (known.payload === undefined) known.payload = parsePayload(encoded);
  return known.payload && Math.abs(now / 1000 - known.payload.iat) <= MAX_AGE_SECONDS ? known.payload.principal : null;
}

/** The principal a payload names; null when it is not one. */
function parsePayload(encoded: string): ParsedPayload | null {
  try {
    const p = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<SignedPayload>;
    if (typeof p.u !== 'string' || typeof p.t !== 'string' || typeof p.iat !== 'number') return null;
    const principal = p.s !== undefined ? siteReaderOf(p.s, p.t) : { userId: p.u, tokenId: p.t };
    return principal && { principal: deepFreeze(principal), iat: p.iat };
  } catch {
    return null;
  }
}

function deepFreeze(principal: Principal): Principal {
  if (principal.site) {
    Object.freeze(principal.site.spaceIds);
    Object.freeze(principal.site);
  }
  return Object.freeze(principal);
}

/** A site reader from its signed scope; its userId is derived from the scope, never taken from the payload. */
function siteReaderOf(s: unknown, tokenId: string): Principal | null {
  const v = s as Partial<{ o: unknown; s: unknown; sp: unknown }> | null;
  const isId = (x: unknown): x is string => typeof x === 'string' && x.length > 0;
  if (!v || !isId(v.o) || !isId(v.s) || !Array.isArray(v.sp) || !v.sp.every(isId)) return null;
  const site: SiteReaderScope = { organizationId: v.o, siteId: v.s, spaceIds: v.sp as string[] };
  return { userId: siteReaderId(site), tokenId, site };
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
