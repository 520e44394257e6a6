// What the reader answers a visitor: an HTML page or a redirect, with the cookies to set.

export type ReaderAnswer =
  | {
      kind: 'page';
      status: 200 | 401 | 404 | 503;
      html: string;
      /** The page's one <style> text, hashed into its CSP. */
      stylesheet: string;
      /** Not for shared caches (restricted audience, refusals, errors). */
      restricted: boolean;
    }
  | { kind: 'redirect'; status: 302 | 307 | 308; location: string; cookies: string[] };

/**
 * A site redirect's status (issue #36 §2): 308 (permanent, cacheable) on a public site, 307 on any
 * other, where what an address shows depends on who asks and must not be cached for good.
 */
export function siteRedirectStatus(visibility: string): 307 | 308 {
  return visibility === 'public' ? 308 : 307;
}
