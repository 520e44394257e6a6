import { hmacKey, signHs256, verifyHs256, type TokenRefusal } from '../jwt/hs256-token';
import { apiTokenExpiry, type SiteApiTokenBounds } from './site-api-token';

// The `apiToken` resolvePublishedContentByUrl answers over HTTP: GitBook's renderer writes it into a
// cache path, whose file-name part may not pass 255 bytes, and the full token (site-api-token.ts)
// lists every space id of the site. This one carries only the organization, the site and the
// access stamp (`as`), under short claim names, with a bare `{alg}` header: under 200 characters
// for 20-character ids. The gateway verifies it, checks the stamp as for the full token, and takes
// the spaces it may read from the site's current published spaces (GetSiteAccess), so a space
// taken off the site stops being readable too. It is still a JWT: the renderer decodes it
// (`jwtDecode`) to read visitor `claims`, which it has none of here.
// The same expiry rule as the full token: the end of the UTC hour plus grace, never past the visitor's JWT.

const MIN_SECRET_LENGTH = 32;
const MAX_STAMP_LENGTH = 64;
/** The kind claim: tells a compact token from the full one (`kind: 'site'`) and from a visitor JWT. */
const COMPACT_KIND = 'ss';

export interface CompactSiteApiTokenClaims {
  organization: string;
  site: string;
  /** The access stamp of the audience it was issued under (site-access.ts). */
  as: string;
  exp: number;
}

export type CompactSiteApiTokenCheck = { ok: true; claims: CompactSiteApiTokenClaims } | { ok: false; reason: TokenRefusal | 'wrong-kind' };

function keyOf(secret: string): Uint8Array {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`the API token secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return hmacKey(secret);
}

/** Signs the short published-content token of a resolved URL: the same all UTC hour for the same scope and bounds. */
export async function issueCompactSiteApiToken(
  scope: Omit<CompactSiteApiTokenClaims, 'exp'>,
  secret: string,
  now: Date = new Date(),
  bounds: SiteApiTokenBounds = {},
): Promise<{ token: string; expiresAt: Date }> {
  const exp = apiTokenExpiry(now, bounds);
  const payload = { k: COMPACT_KIND, o: scope.organization, s: scope.site, as: scope.as, exp };
  return { token: await signHs256(payload, keyOf(secret), { bare: true }), expiresAt: new Date(exp * 1000) };
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 256;

/** Verifies a short published-content token: signature, expiry, kind and every claim's shape. Never throws on any token. */
export async function verifyCompactSiteApiToken(token: unknown, secret: string, now: Date = new Date()): Promise<CompactSiteApiTokenCheck> {
  const checked = await verifyHs256(token, keyOf(secret), now);
  if (!checked.ok) return checked;
  const p = checked.payload as Record<string, unknown>;
  if (p.k !== COMPACT_KIND) return { ok: false, reason: 'wrong-kind' };
  if (!isId(p.o) || !isId(p.s) || typeof p.as !== 'string' || p.as.length === 0 || p.as.length > MAX_STAMP_LENGTH) {
    return { ok: false, reason: 'invalid-claims' };
  }
  return { ok: true, claims: { organization: p.o, site: p.s, as: p.as, exp: p.exp as number } };
}
