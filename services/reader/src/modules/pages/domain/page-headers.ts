import { createHash } from 'node:crypto';
import { TtlCache } from '@quire/helpers';
import { READER_SCRIPT_HASH } from '@quire/page-html';

// The headers of every HTML answer: a strict Content-Security-Policy — one script, the reader's own
// file allowed by its hash (page-html's READER_SCRIPT, loaded with that `integrity`), the one inline
// <style> allowed by its hash (page-html's siteStylesheet, the same on every page of a site) — no
// sniffing, and no Referer, so a share key can never leave through one.

/** `'sha256-…'` of a stylesheet's exact text, as CSP compares it. */
export function styleHash(stylesheet: string): string {
  return `'sha256-${createHash('sha256').update(stylesheet, 'utf8').digest('base64')}'`;
}

/** Policies of the stylesheets seen last: a site's pages share one, and hashing it per request cost more than the rest of a cache hit's headers. */
const policies = new TtlCache<string>(3_600_000, 256);

export function contentSecurityPolicy(stylesheet: string): string {
  const known = policies.get(stylesheet);
  if (known !== undefined) return known;
  const policy = policyOf(stylesheet);
  policies.set(stylesheet, policy);
  return policy;
}

function policyOf(stylesheet: string): string {
  return [
    "default-src 'none'",
    // Only the reader's own file: no inline script, nothing from content (uploads are served on
    // Quire's own host, so `'self'` would admit them).
    `script-src 'sha256-${READER_SCRIPT_HASH}'`,
    `style-src ${styleHash(stylesheet)}`,
    // Logos and images may live elsewhere (https); files are served through the site's own address.
    "img-src 'self' https:",
    // The site's font: the reader's own bundled files (`~quire/font-…`), never another host.
    "font-src 'self'",
    "form-action 'self'",
    // The search dialog reads the site's own search page.
    "connect-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers for an HTML page; `restricted` (share-link, visitor-auth, refusals): never stored by a shared cache. */
export function pageHeaders(stylesheet: string, restricted: boolean): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(stylesheet),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': cacheControl(restricted),
    vary: 'Accept-Encoding, Cookie',
  };
}

/**
 * `Cache-Control` of an HTML or text answer. Public and unlisted: any cache (a CDN)
 * may keep it but must revalidate it on every use (`no-cache`): the reader answers the ETag with a
 * 304 after one resolve, so a publish, unpublish or revoked audience is live at once behind a CDN
 * too, where any `s-maxage` would be a window of stale pages (docs/reader.md, Fast and fresh).
 * Restricted (share-link, visitor-auth, refusals): never stored by anyone.
 */
export function cacheControl(restricted: boolean): string {
  return restricted ? 'private, no-store' : 'public, no-cache';
}

/**
 * The Set-Cookie values an answer may carry: none when its `Cache-Control` lets a shared cache
 * keep it (`public`), since a CDN storing the answer with its Set-Cookie would hand one visitor's
 * cookie to every other.
 */
export function cookiesAllowedBy(cacheControlValue: string, cookies: readonly string[] | undefined): readonly string[] {
  return /^\s*public\b/i.test(cacheControlValue) ? [] : (cookies ?? []);
}

/**
 * Headers of a file at its content-addressed address (`~files/{sha256}/{name}`): the bytes there
 * never change, so it is kept for a year without revalidation (`immutable`), by any cache on a
 * public or unlisted site, by the visitor's browser only on a share-link or visitor-auth one. A
 * shared cache (a CDN) asks again after an hour (`s-maxage`), so a site made private stops being
 * served from one within the hour; the ETag makes that a 304. The
 * strong ETag is the content's hash. An upload may be any type (an SVG with a script): sandboxed.
 */
export function fileHeaders(file: { blob: string; name: string; contentType: string; restricted: boolean }): Record<string, string> {
  return {
    'content-type': isMediaType(file.contentType) ? file.contentType : 'application/octet-stream',
    'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': file.restricted ? 'private, max-age=31536000, immutable' : 'public, max-age=31536000, s-maxage=3600, immutable',
    etag: `"${file.blob}"`,
  };
}

/** Whether `If-None-Match` names the file's content (or `*`). */
export function fileNotModified(ifNoneMatch: string | undefined, blob: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === `"${blob}"`;
  });
}

/** A stored type fit for a header (one written before types were checked could hold CR/LF). */
function isMediaType(value: string): boolean {
  return /^[\w.+-]+\/[\w.+-]+(?:\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\r\n]*"))*$/.test(value);
}
