import { hmacKey, signHs256, verifyHs256, type TokenRefusal } from '../jwt/hs256-token';

// The `apiToken` of PublishedSiteContent (issue #35 §1, §6): what a renderer uses to read one
// published site space's content, decoded by GitBook's renderer as a JWT
// `{kind: 'site', organization, site, siteSpace, space, spaces, exp}`.
// Decisions:
// - HS256 with a server secret (≥ 32 bytes), verified only by Quire itself;
// - stable for a day: `exp` is the end of the current UTC day plus a grace hour, and the token
//   carries nothing else that varies (no `iat`, no `jti`, `spaces` sorted), so the same inputs
//   sign the same token all day long and renderer caches keyed by it stay warm; a token taken
//   at 23:59 still works until 01:00, so a page being rendered at midnight does not fail;
// - it reads what `spaces` lists (the resolved `space` always among them) and nothing else.

export const API_TOKEN_GRACE_SECONDS = 3600;
const DAY_SECONDS = 86400;
const MIN_SECRET_LENGTH = 32;

export interface SiteApiTokenClaims {
  kind: 'site';
  organization: string;
  site: string;
  siteSpace: string;
  space: string;
  /** The spaces the token may read, sorted; always holds `space`. */
  spaces: string[];
  exp: number;
}

export type SiteApiTokenScope = Omit<SiteApiTokenClaims, 'kind' | 'exp' | 'spaces'> & { spaces?: readonly string[] };

export type SiteApiTokenCheck = { ok: true; claims: SiteApiTokenClaims } | { ok: false; reason: TokenRefusal | 'wrong-kind' };

/** When a token issued at `now` expires: the next UTC midnight plus the grace hour (seconds since the epoch). */
export function apiTokenExpiry(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return (Math.floor(seconds / DAY_SECONDS) + 1) * DAY_SECONDS + API_TOKEN_GRACE_SECONDS;
}

function keyOf(secret: string): Uint8Array {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`the API token secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return hmacKey(secret);
}

/** Signs the published-content token of a resolved URL: the same all UTC day for the same scope. */
export async function issueSiteApiToken(scope: SiteApiTokenScope, secret: string, now: Date = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const spaces = [...new Set([scope.space, ...(scope.spaces ?? [])])].sort();
  const exp = apiTokenExpiry(now);
  const claims: SiteApiTokenClaims = {
    kind: 'site',
    organization: scope.organization,
    site: scope.site,
    siteSpace: scope.siteSpace,
    space: scope.space,
    spaces,
    exp,
  };
  return { token: await signHs256({ ...claims }, keyOf(secret)), expiresAt: new Date(exp * 1000) };
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 256;

/** Verifies a published-content token: signature, expiry, kind and the shape of every claim. Never throws on any token (a short secret is a configuration error and does). */
export async function verifySiteApiToken(token: unknown, secret: string, now: Date = new Date()): Promise<SiteApiTokenCheck> {
  const checked = await verifyHs256(token, keyOf(secret), now);
  if (!checked.ok) return checked;
  const p = checked.payload as Record<string, unknown>;
  if (p.kind !== 'site') return { ok: false, reason: 'wrong-kind' };
  const spaces = p.spaces;
  if (
    !isId(p.organization) ||
    !isId(p.site) ||
    !isId(p.siteSpace) ||
    !isId(p.space) ||
    !Array.isArray(spaces) ||
    !spaces.every(isId) ||
    !spaces.includes(p.space)
  ) {
    return { ok: false, reason: 'invalid-claims' };
  }
  return {
    ok: true,
    claims: { kind: 'site', organization: p.organization, site: p.site, siteSpace: p.siteSpace, space: p.space, spaces: [...spaces], exp: p.exp as number },
  };
}

/** Whether a verified token may read `spaceId`: only the spaces it lists. */
export function apiTokenMayReadSpace(claims: SiteApiTokenClaims, spaceId: string): boolean {
  return claims.spaces.includes(spaceId);
}

/** The purpose under which the sites service and the gateway derive the token secret from INTERNAL_SECRET (@quire/platform/secrets deriveSecret). */
export const SITE_API_TOKEN_SECRET_PURPOSE = 'sites.api-token';
