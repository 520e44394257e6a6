// A site redirect as the store reads it (table `site_redirects`, reference SiteRedirect).

/** Where a redirect sends a visitor (reference SiteRedirectDestination). */
export type RedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

/** `automatic`: made for a moved page (automatic-redirects.ts); only those are changed or dropped by the automatic rules. */
export type RedirectOrigin = 'user' | 'automatic';

/** What a create or bulk upsert may name (reference SiteRedirectInputDestination): a destination, or a page by path in a space of the site. */
export type InputDestination = RedirectDestination | { kind: 'path'; spaceId: string; path: string };

export interface SiteRedirect {
  id: string;
  siteId: string;
  /** As the caller wrote it. */
  source: string;
  /** Canonical form (parseRedirectSource): what lookups probe. */
  key: string;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  destination: RedirectDestination;
  origin: RedirectOrigin;
  createdAt: Date;
  updatedAt: Date | null;
}

/** What a write stores: everything but the id and the dates. */
export type SiteRedirectFields = Pick<SiteRedirect, 'source' | 'key' | 'draft' | 'captureWildcard' | 'permanent' | 'destination'>;

export type RedirectOrder = 'createdAt' | 'updatedAt' | 'source';
