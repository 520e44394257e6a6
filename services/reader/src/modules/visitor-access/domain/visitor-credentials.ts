// A visitor's credentials for a restricted site: a share key (`share-link`) or a
// visitor JWT (`visitor-auth`). Given once on the URL (`?share_key=`, `?jwt_token=`), they are
// kept in an HttpOnly, SameSite=Lax cookie scoped to the site's path and the visitor is sent to
// the clean URL, so the key leaves the address bar (and any Referer) at once. Every request with a
// credential still resolves through sites (never through the resolution cache), so a revoked key or
// a rotated signing key stops working at once.
import { textMemo } from '@quire/helpers';
import { cookiePairs } from './cookie-pairs';

export const SHARE_KEY_COOKIE = 'quire_share_key';
export const VISITOR_TOKEN_COOKIE = 'quire_visitor_token';
const SHARE_KEY_PARAM = 'share_key';
const VISITOR_TOKEN_PARAM = 'jwt_token';
/** Longer values are no credential (a JWT of ours is far shorter; a cookie header is bounded). */
const MAX_CREDENTIAL_LENGTH = 4096;
/** Browsers keep a cookie whose name and value together are at most 4,096 bytes (RFC 6265 §6.1's minimum, Chrome's cap). */
const MAX_COOKIE_NAME_AND_VALUE = 4096;

/** What a request carries and what to resolve it as. */
export interface VisitorAccess {
  /** The URL to ask sites about: the request's, with the cookie's share key added when the URL has none. */
  resolveUrl: string;
  /** The visitor JWT from the cookie when the URL has none (sites reads `jwt_token` from the URL itself). */
  visitorToken: string;
  /** Set when the URL carries a credential: where to send the visitor once it is kept in a cookie. */
  cleanUrl: string | null;
  /** The credentials the URL carried, to be kept in cookies once sites accepted them. */
  fromUrl: { shareKey?: string; visitorToken?: string };
  /**
   * The URL's visitor JWT is longer than a cookie can keep: admitted once, the visitor would be
   * sent to the clean URL without it and back to the fallback URL, again and again.
   */
  hasUnkeepableToken: boolean;
  /**
   * No credential anywhere (no share key or visitor token on the URL, even empty or repeated, nor
   * in a cookie): what sites answers depends on the URL alone, so its answer may be kept.
   */
  anonymous: boolean;
}

/**
 * The request's URL (absolute) and its Cookie header → what to resolve. A visit with neither a
 * query nor cookies carries no credential: its URL's answer is worked out once (textMemo).
 */
export function readVisitorAccess(requestUrl: string, cookieHeader: string | undefined): Readonly<VisitorAccess> {
  return !cookieHeader && !requestUrl.includes('?') ? accessOfPlainUrl(requestUrl) : accessOf(requestUrl, cookieHeader);
}

const accessOfPlainUrl = textMemo((requestUrl) => accessOf(requestUrl, undefined));

function accessOf(requestUrl: string, cookieHeader: string | undefined): VisitorAccess {
  const url = new URL(requestUrl);
  const cookies = parseCookies(cookieHeader);
  const shareKey = single(url.searchParams, SHARE_KEY_PARAM);
  const token = single(url.searchParams, VISITOR_TOKEN_PARAM);
  const fromUrl = { ...(shareKey ? { shareKey } : {}), ...(token ? { visitorToken: token } : {}) };
  let cleanUrl: string | null = null;
  if (url.searchParams.has(SHARE_KEY_PARAM) || url.searchParams.has(VISITOR_TOKEN_PARAM)) {
    const clean = new URL(url);
    clean.searchParams.delete(SHARE_KEY_PARAM);
    clean.searchParams.delete(VISITOR_TOKEN_PARAM);
    cleanUrl = sitePathLocation(clean.pathname, clean.search);
  }
  const resolve = new URL(url);
  const cookieKey = cookies.get(SHARE_KEY_COOKIE);
  if (!shareKey && cookieKey) resolve.searchParams.set(SHARE_KEY_PARAM, cookieKey);
  const anonymous = cleanUrl === null && !cookies.has(SHARE_KEY_COOKIE) && !cookies.has(VISITOR_TOKEN_COOKIE);
  const hasUnkeepableToken = url.searchParams.getAll(VISITOR_TOKEN_PARAM).some((t) => !fitsCookie(VISITOR_TOKEN_COOKIE, t));
  return {
    resolveUrl: resolve.toString(),
    visitorToken: token ? '' : (cookies.get(VISITOR_TOKEN_COOKIE) ?? ''),
    cleanUrl,
    fromUrl,
    anonymous,
    hasUnkeepableToken,
  };
}

function fitsCookie(name: string, value: string): boolean {
  return Buffer.byteLength(`${name}=${encodeURIComponent(value)}`, 'utf8') <= MAX_COOKIE_NAME_AND_VALUE;
}

/**
 * The URL's credentials that opened this content, the only ones worth a cookie: the share key
 * sites answered as the one that opened a share-link site, the visitor JWT that opened a
 * visitor-auth site. A public or unlisted site needs neither, so nothing from its URL is kept
 * (else any `?share_key=` or `?jwt_token=` would set a cookie unchecked).
 */
export function acceptedCredentials(fromUrl: VisitorAccess['fromUrl'], content: { visibility: string; shareKey: string }): VisitorAccess['fromUrl'] {
  if (content.visibility === 'share-link' && fromUrl.shareKey && fromUrl.shareKey === content.shareKey) return { shareKey: fromUrl.shareKey };
  if (content.visibility === 'visitor-auth' && fromUrl.visitorToken) return { visitorToken: fromUrl.visitorToken };
  return {};
}

/**
 * A Location that stays on the host asked: a path beginning with `//` (or `/\`, which browsers read
 * the same) would be a protocol-relative URL to another host, so the leading run of slashes and
 * backslashes becomes one slash.
 */
export function sitePathLocation(pathname: string, search: string): string {
  return `${pathname.replace(/^[/\\]+/, '/')}${search}`;
}

/** Set-Cookie values keeping the URL's credentials for the site at `sitePath` (`/sites/org/docs/`, `/`). */
export function credentialCookies(fromUrl: VisitorAccess['fromUrl'], sitePath: string, secure: boolean): string[] {
  const path = cookiePath(sitePath);
  const attributes = `Path=${path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const cookies: string[] = [];
  if (fromUrl.shareKey) cookies.push(`${SHARE_KEY_COOKIE}=${encodeURIComponent(fromUrl.shareKey)}; ${attributes}`);
  if (fromUrl.visitorToken) cookies.push(`${VISITOR_TOKEN_COOKIE}=${encodeURIComponent(fromUrl.visitorToken)}; ${attributes}`);
  return cookies;
}

/**
 * A cookie path naming the site and nothing beside it: `/sites/org/docs` (no trailing slash) is
 * sent to `/sites/org/docs` and below, never to `/sites/org/docs2` (RFC 6265 §5.1.4).
 */
export function cookiePath(sitePath: string): string {
  const trimmed = sitePath.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.replace(/[;\s]/g, encodeURIComponent);
}

/** `a=1; b=2` → Map; malformed pairs, over-long values and repeats (the first wins) are dropped. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const [name, raw] of cookiePairs(header)) {
    if (!name || raw.length === 0 || raw.length > MAX_CREDENTIAL_LENGTH || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      // Not percent-encoding: no value of ours.
    }
  }
  return cookies;
}

/** A parameter given exactly once, within bounds; otherwise none. */
function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  const value = values.length === 1 ? values[0] : undefined;
  return value && value.length <= MAX_CREDENTIAL_LENGTH ? value : undefined;
}
