import { hmacKey, signHs256, verifyHs256, type TokenRefusal } from '../jwt/hs256-token';

// The `apiToken` of PublishedSiteContent: what a renderer uses to read one
// published site space's content, decoded by GitBook's renderer as a JWT
// `{kind: 'site', organization, site, siteSpace, space, spaces, exp}`, plus Quire's `as`.
// Decisions:
// - HS256 with a server secret (≥ 32 bytes), verified only by Quire itself;
// - it lives no longer than the access it was made from: `exp` is the end of the current UTC hour
//   plus ten minutes of grace (so 10 to 70 minutes), and never later than the visitor JWT it was
//   issued for. Hour-aligned and with nothing else that varies (no `iat`, no `jti`, `spaces`
//   sorted), the same inputs sign the same token for the whole hour, so renderer caches keyed by
//   it stay warm, and a page being rendered at the turn of the hour does not fail;
// - `as`, the access stamp (site-access.ts), names the audience it was issued under (the site's
//   visibility and the share key or visitor-auth signing key): the gateway compares it with the
//   site's current stamps on every use, so an unpublish, a visibility change, a deactivated or
//   deleted share link or a regenerated key refuses it at once. One short hash, not a list: the
//   token stays short enough for a renderer to put into a cache file's path;
// - it reads what `spaces` lists (the resolved `space` always among them) and nothing else.

export const API_TOKEN_GRACE_SECONDS = 600;
const HOUR_SECONDS = 3600;
/** An access stamp is a short hash (site-access.ts); anything longer is no stamp of ours. */
const MAX_STAMP_LENGTH = 64;
const MIN_SECRET_LENGTH = 32;

export interface SiteApiTokenClaims {
  kind: 'site';
  organization: string;
  site: string;
  siteSpace: string;
  space: string;
  /** The spaces the token may read, sorted; always holds `space`. */
  spaces: string[];
  /** The access stamp of the audience it was issued under (site-access.ts `accessStampOf`). */
  as: string;
  exp: number;
}

export type SiteApiTokenScope = Omit<SiteApiTokenClaims, 'kind' | 'exp' | 'spaces'> & { spaces?: readonly string[] };

/** What bounds a token's life besides the hour: the visitor JWT it was issued for (its `exp`). */
export interface SiteApiTokenBounds {
  notAfter?: Date;
}

export type SiteApiTokenCheck = { ok: true; claims: SiteApiTokenClaims } | { ok: false; reason: TokenRefusal | 'wrong-kind' };

/** When a token issued at `now` expires (seconds since the epoch): the end of the UTC hour plus the grace, or `notAfter` when sooner. */
export function apiTokenExpiry(now: Date, bounds: SiteApiTokenBounds = {}): number {
  const seconds = Math.floor(now.getTime() / 1000);
  const hourBound = (Math.floor(seconds / HOUR_SECONDS) + 1) * HOUR_SECONDS + API_TOKEN_GRACE_SECONDS;
  return bounds.notAfter ? Math.min(hourBound, Math.floor(bounds.notAfter.getTime() / 1000)) : hourBound;
}

function keyOf(secret: string): Uint8Array {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`the API token secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return hmacKey(secret);
}

/** Signs the published-content token of a resolved URL: the same all UTC hour for the same scope and bounds. */
export async function issueSiteApiToken(
  scope: SiteApiTokenScope,
  secret: string,
  now: Date = new Date(),
  bounds: SiteApiTokenBounds = {},
): Promise<{ token: string; expiresAt: Date }> {
  const spaces = [...new Set([scope.space, ...(scope.spaces ?? [])])].sort();
  const exp = apiTokenExpiry(now, bounds);
  const claims: SiteApiTokenClaims = {
    kind: 'site',
    organization: scope.organization,
    site: scope.site,
    siteSpace: scope.siteSpace,
    space: scope.space,
    spaces,
    as: scope.as,
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
    !spaces.includes(p.space) ||
    typeof p.as !== 'string' ||
    p.as.length === 0 ||
    p.as.length > MAX_STAMP_LENGTH
  ) {
    return { ok: false, reason: 'invalid-claims' };
  }
  return {
    ok: true,
    claims: {
      kind: 'site',
      organization: p.organization,
      site: p.site,
      siteSpace: p.siteSpace,
      space: p.space,
      spaces: [...spaces],
      as: p.as,
      exp: p.exp as number,
    },
  };
}

/** Whether a verified token may read `spaceId`: only the spaces it lists. */
export function apiTokenMayReadSpace(claims: SiteApiTokenClaims, spaceId: string): boolean {
  return claims.spaces.includes(spaceId);
}

/** The purpose under which the sites service and the gateway derive the token secret from INTERNAL_SECRET (@quire/platform/secrets deriveSecret). */
export const SITE_API_TOKEN_SECRET_PURPOSE = 'sites.api-token';
