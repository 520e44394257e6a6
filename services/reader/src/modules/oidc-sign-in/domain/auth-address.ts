// The reader's own sign-in addresses under a site's root, at GitBook's places: where the OpenID
// provider sends the reader back, and where a reader signs out. Slugs never start with `~`, so
// these shadow no page.

export const OIDC_CALLBACK_SEGMENTS = ['~gitbook', 'auth', 'oidc', 'callback'] as const;
export const LOGOUT_SEGMENTS = ['~gitbook', 'auth', 'logout'] as const;

export interface AuthAddress {
  kind: 'oidc-callback' | 'logout';
  /** The address without the suffix nor the query: what sites resolves to find the site. */
  siteUrl: string;
}

/** The sign-in address an absolute URL names, or null for any other. */
export function readAuthAddress(absoluteUrl: string): AuthAddress | null {
  // Every visit asks: a path whose text has no `~gitbook` has no such segment once parsed either.
  if (!absoluteUrl.includes(OIDC_CALLBACK_SEGMENTS[0])) return null;
  const url = new URL(absoluteUrl);
  const segments = url.pathname.split('/');
  for (const [kind, suffix] of [
    ['oidc-callback', OIDC_CALLBACK_SEGMENTS],
    ['logout', LOGOUT_SEGMENTS],
  ] as const) {
    const tail = segments.slice(-suffix.length);
    if (tail.length === suffix.length && tail.every((s, i) => s === suffix[i])) {
      const site = new URL(url.origin);
      site.pathname = segments.slice(0, -suffix.length).join('/') + '/';
      return { kind, siteUrl: site.toString() };
    }
  }
  return null;
}

/** Whether a path is the site's root, the only place the sign-in addresses live. */
export function isAtSiteRoot(siteUrl: string, siteBasePath: string): boolean {
  const trim = (path: string) => path.replace(/\/+$/, '');
  return trim(new URL(siteUrl).pathname) === trim(siteBasePath);
}

/** The redirect URI registered with the provider: the callback under the site's root at the visitor's origin. */
export function callbackUrlOf(visitorUrl: string, siteBasePath: string): string {
  const base = siteBasePath.endsWith('/') ? siteBasePath : `${siteBasePath}/`;
  return new URL(`${base}${OIDC_CALLBACK_SEGMENTS.join('/')}`, new URL(visitorUrl).origin).toString();
}
