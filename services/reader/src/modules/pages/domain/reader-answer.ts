import type { NotFoundPageView, SearchPageView, SitePageView } from '@quire/page-html';
import type { CachedAnswer } from '../../answer-cache';
import type { LlmsAnswer } from '../../machine-readable';
import type { Visit } from '../../visits';

// What the reader answers a visitor: an HTML page or a redirect, with the cookies to set. The use
// cases decide a `VisitOutcome` (data); the presenter renders it as a `ReaderAnswer`.

export type Redirect = { kind: 'redirect'; status: 302 | 307 | 308; location: string; cookies: string[] };

/**
 * A text answer: a page's markdown, `sitemap.xml`, `robots.txt`, the llms files (whose shape
 * machine-readable defines). `noindex` adds `X-Robots-Tag`.
 */
export type TextAnswer = LlmsAnswer & {
  visit?: Visit;
  cookies?: string[];
  /** Kept in the answer cache under this key once rendered (docs/reader.md, Fast and fresh). */
  cacheKey?: string;
  /** A render this request joined (single flight): a cache miss, kept by the request that started it. */
  joinedRender?: boolean;
};

/**
 * An answer from the answer cache, as rendered for an earlier visitor of the same address and
 * versions; `rendered`: a long answer rendered (and kept) for this request or one it joined.
 */
export type CachedReaderAnswer = { kind: 'cached'; entry: CachedAnswer; visit?: Visit; cookies?: string[]; rendered?: boolean };

export type VisitOutcome =
  | Redirect
  | TextAnswer
  /** `visit`: what insights counts of it; `isPartial`: a reference read failed, not cached. */
  | { kind: 'page'; view: SitePageView; restricted: boolean; visit?: Visit; cacheKey?: string; joinedRender?: boolean; isPartial?: boolean }
  | CachedReaderAnswer
  | { kind: 'not-found'; view: NotFoundPageView; restricted: boolean }
  /** The search page; 400 for a query refused as input. */
  | { kind: 'search'; status: 200 | 400; view: SearchPageView; restricted: boolean; visit?: Visit }
  /** No published site (or none this visitor may see) at the address. */
  | { kind: 'no-site'; path: string }
  /** A visitor-auth site refused the visitor and has no fallbackURL. */
  | { kind: 'sign-in-needed' }
  /** The URL's visitor JWT is too long to keep in a cookie. */
  | { kind: 'token-too-long' }
  /** An OpenID Connect callback refused (forged, expired, a bad ID token): why, as text; never a redirect. */
  | { kind: 'sign-in-failed'; message: string; cookies: string[] };

export type ReaderAnswer =
  | {
      kind: 'page';
      status: 200 | 400 | 401 | 404 | 429 | 503;
      html: string;
      /** The page's one <style> text, hashed into its CSP. */
      stylesheet: string;
      /** Not for shared caches (restricted audience, refusals, errors). */
      restricted: boolean;
      /** A served site page, to count (docs/reader.md, Counted). */
      visit?: Visit;
      /** Set-Cookie values (the visitor's ids). */
      cookies?: string[];
      cacheKey?: string;
      joinedRender?: boolean;
    }
  | CachedReaderAnswer
  | TextAnswer
  | Redirect;

/**
 * A site redirect's status: 308 (permanent, cacheable) on a public site, 307 on any
 * other, where what an address shows depends on who asks and must not be cached for good.
 */
export function siteRedirectStatus(visibility: string): 307 | 308 {
  return visibility === 'public' ? 308 : 307;
}
