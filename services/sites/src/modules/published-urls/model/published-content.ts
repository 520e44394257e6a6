// What resolving a published URL answers (reference PublishedSiteContentLookup, client 0.202.0).

/** Reference PublishedSiteContent. */
export interface PublishedContent {
  organization: string;
  site: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  /** The space's published (current) revision. */
  revision?: string;
  pathname: string;
  basePath: string;
  siteBasePath: string;
  canonicalUrl: string;
  shareKey?: string;
  complete: boolean;
  apiToken: string;
}

/** Reference PublishedContentRedirect: to content of the site, or an external URL (a redirect's or the visitor-auth fallbackURL). */
export type PublishedRedirect = (
  { kind: 'redirect'; target: 'content'; redirect: string } | { kind: 'redirect'; target: 'external'; site: string; redirect: string }
) & {
  /** A site redirect (not the fallbackURL of a refused visitor): the site's visibility, for the reader's 308 or 307. */
  visibility?: string;
};

/**
 * `visibility`: the site's (reference SiteVisibility), for the reader's redirect status; not in the
 * REST answer. `refusedAudience`: the site's visibility when its audience refused the visitor (the
 * reader answers a visitor-auth refusal with a sign-in page, not a 404); not in the REST answer.
 * `siteVersion`: the stamp of what the site's pages show (domain/site-version.ts), `spaceIds`: the
 * spaces it publishes (the reader's cache invalidation); gRPC only.
 */
export type PublishedUrlResolution =
  | { kind: 'content'; content: PublishedContent; visibility: string; siteVersion: string; spaceIds: string[] }
  | PublishedRedirect
  | { kind: 'not-found'; reason: string; refusedAudience?: string };
