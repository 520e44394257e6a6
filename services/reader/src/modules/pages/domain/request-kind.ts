// What a published address asks for (at GitBook's addresses): a page as HTML, a page
// as markdown (`<page>.md`), the site's `sitemap.xml` or `robots.txt`, or a file of the site space
// (`<site space>/~files/{sha256}/{name}`, the reader's own content-addressed address for images and
// attachments, or `~files/{fileId}`, which redirects there), or the
// search page (`<site, section or site space>/~search?q=`). The address sites resolves is the
// page's (without `.md`), the site's root (without the file name) or the site space's (without
// `~files/…` or `~search`). Slugs made from titles never start with `~`, so these segments shadow
// only a page whose slug was set to `~files` or `~search` by hand.

import { textMemo } from '@quire/helpers';

export type RequestKind = 'page' | 'markdown' | 'sitemap' | 'robots' | 'llms' | 'llms-full' | 'file' | 'search';

/**
 * The answers built from every page of a site: slow on a large site, so they have
 * their own budget (LONG_ANSWER_TIMEOUT_FACTOR × READER_ANSWER_TIMEOUT_MS) and one render per key
 * and process, which runs to its end and is kept even when the visitor was answered 503.
 */
export const LONG_ANSWER_KINDS: readonly RequestKind[] = ['llms-full', 'sitemap'];
export const LONG_ANSWER_TIMEOUT_FACTOR = 4;
/** A long answer is kept up to this × READER_CACHE_MAX_ENTRY_BYTES: a 20 MB `llms-full.txt` compresses to more than 4 MiB. */
export const LONG_ANSWER_ENTRY_FACTOR = 4;

const FILES_SEGMENT = '~files';
/** A blob's key: the SHA-256 of its bytes, lowercase hex. */
const BLOB_KEY = /^[0-9a-f]{64}$/;
const SEARCH_SEGMENT = '~search';
const ASSETS_SEGMENT = '~quire';
/** The search page's own parameters, taken off the address sites resolves. */
const SEARCH_PARAMS = ['q', 'page'];

const SITE_FILES: Record<string, RequestKind> = { 'sitemap.xml': 'sitemap', 'robots.txt': 'robots', 'llms.txt': 'llms', 'llms-full.txt': 'llms-full' };

export interface AskedFor {
  kind: RequestKind;
  url: string;
  /** A file by its id (`~files/{id}`) or by its name (`.gitbook/assets/{name}`). */
  fileId?: string;
  fileName?: string;
  /** A file by its content (`~files/{sha256}/{name}`): the stable, cacheable address pages name. */
  blob?: string;
  /** The search page's `?q=` (first one; empty when absent) and `?page=` (1-based). */
  search?: { query: string; page: number };
}

/**
 * What an absolute URL asks for. Every visit asks it twice (its answer's budget, then its answer):
 * an address without a query (no credential, no search) is worked out once (textMemo).
 */
export function readRequestKind(absoluteUrl: string): Readonly<AskedFor> {
  return absoluteUrl.includes('?') ? requestKindOf(absoluteUrl) : requestKindOfPlainUrl(absoluteUrl);
}

const requestKindOfPlainUrl = textMemo(requestKindOf);

function requestKindOf(absoluteUrl: string): AskedFor {
  const url = new URL(absoluteUrl);
  const segments = url.pathname.split('/');
  // `~files/{sha256}/{name}`: the name is only for the visitor (a saved file's name); the content names the file.
  if (segments.length >= 4 && segments[segments.length - 3] === FILES_SEGMENT && BLOB_KEY.test(segments[segments.length - 2] ?? '')) {
    url.pathname = segments.slice(0, -3).join('/') + '/';
    return { kind: 'file', url: url.toString(), blob: segments[segments.length - 2] as string };
  }
  if (segments.length >= 3 && segments[segments.length - 2] === FILES_SEGMENT && segments[segments.length - 1]) {
    const fileId = safeDecode(segments[segments.length - 1] as string);
    url.pathname = segments.slice(0, -2).join('/') + '/';
    if (fileId) return { kind: 'file', url: url.toString(), fileId };
  }
  // `.md` pages name files as Git Sync lays them out, `<site space>/.gitbook/assets/<name>`.
  if (segments.length >= 4 && segments[segments.length - 3] === '.gitbook' && segments[segments.length - 2] === 'assets' && segments[segments.length - 1]) {
    const fileName = safeDecode(segments[segments.length - 1] as string);
    url.pathname = segments.slice(0, -3).join('/') + '/';
    if (fileName) return { kind: 'file', url: url.toString(), fileName };
  }
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (last === SEARCH_SEGMENT) {
    const search = { query: url.searchParams.get('q') ?? '', page: pageNumber(url.searchParams.get('page')) };
    url.pathname = url.pathname.slice(0, -last.length);
    for (const name of SEARCH_PARAMS) url.searchParams.delete(name);
    return { kind: 'search', url: url.toString(), search };
  }
  const siteFile = SITE_FILES[last];
  if (siteFile) {
    url.pathname = url.pathname.slice(0, -last.length);
    return { kind: siteFile, url: url.toString() };
  }
  if (last.length > 3 && last.endsWith('.md')) {
    url.pathname = url.pathname.slice(0, -3);
    return { kind: 'markdown', url: url.toString() };
  }
  return { kind: 'page', url: url.toString() };
}

/**
 * Whether a raw request path has a `.` or `..` segment, plain or percent-encoded (`%2e%2e`). URL
 * parsing resolves them, so such an address would name another page than the one written
 * (`~files/%2e%2e` the site's root); browsers never send them, so it names nothing.
 */
export function hasDotSegment(rawPath: string): boolean {
  const path = rawPath.replace(/[?#].*$/s, '');
  return path.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** Whether a resolved path is the site's root (where `sitemap.xml` and `robots.txt` live). */
export function isSiteRoot(absoluteUrl: string, siteBasePath: string): boolean {
  const trim = (path: string) => path.replace(/\/+$/, '');
  return trim(new URL(absoluteUrl).pathname) === trim(siteBasePath);
}

/** `robots.txt`: crawlers welcome on a public site (with its sitemap), kept out of every other. */
export function robotsTxt(visibility: string, sitemapUrl: string): string {
  return visibility === 'public' ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : 'User-agent: *\nDisallow: /\n';
}

/** A page of the sitemap: its absolute URL and, when known, when it last changed (ISO 8601). */
export interface SitemapEntry {
  url: string;
  updatedAt?: string;
}

/** `sitemap.xml` of absolute page URLs with their `lastmod` (sitemaps.org 0.9), at most 50,000 as the protocol allows. */
export function sitemapXml(pages: ReadonlyArray<string | SitemapEntry>): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  const entries = pages.slice(0, 50_000).map((page) => {
    const { url, updatedAt } = typeof page === 'string' ? { url: page, updatedAt: undefined } : page;
    const time = updatedAt ? Date.parse(updatedAt) : NaN;
    const lastmod = Number.isNaN(time) ? '' : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
    return `  <url><loc>${escape(url)}</loc>${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
}

/** A site space's address for one of its files. */
export function fileAddress(siteSpaceBasePath: string, fileId: string): string {
  return `${siteSpaceBasePath.replace(/\/?$/, '/')}${FILES_SEGMENT}/${encodeURIComponent(fileId)}`;
}

/**
 * A site space's content-addressed address for a file: the same for the same bytes on every view
 * and in every revision, so browsers and CDNs keep it for good (docs/reader.md, Images).
 */
export function blobAddress(siteSpaceBasePath: string, blob: string, name: string): string {
  return `${siteSpaceBasePath.replace(/\/?$/, '/')}${FILES_SEGMENT}/${blob}/${encodeURIComponent(name || 'file')}`;
}

/** Where the reader serves its own files (its script) below a site's address. */
export function assetsAddress(siteBasePath: string): string {
  return `${siteBasePath.replace(/\/?$/, '/')}${ASSETS_SEGMENT}/`;
}

/** The file name of a reader asset when `path` asks for one (`…/~quire/<file>`), whatever the site. */
export function assetFileOf(path: string): string | undefined {
  const match = /\/~quire\/([A-Za-z0-9_.-]{1,80})$/.exec(path);
  return match?.[1];
}

/** A site space's (or the site's) search page. */
export function searchAddress(basePath: string): string {
  return `${basePath.replace(/\/?$/, '/')}${SEARCH_SEGMENT}`;
}

/** `?page=`: a positive integer, 1 when absent or anything else; at most 50 (1,000 results). */
function pageNumber(value: string | null): number {
  const n = value && /^[1-9][0-9]{0,3}$/.test(value) ? Number(value) : 1;
  return Math.min(n, 50);
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
