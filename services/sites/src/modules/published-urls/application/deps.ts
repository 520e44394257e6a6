import type { ServiceContext } from '@quire/platform/runtime';

/**
 * What resolving a published URL takes: the database, PUBLIC_URL, content (a space's first use
 * only), the clock, INTERNAL_SECRET (visitor keys, the apiToken's secret) and, when given, the
 * metrics the published-space projection counts content's reads on.
 */
export type PublishedUrlDeps = Pick<ServiceContext, 'db' | 'urls' | 'clients' | 'clock'> & Partial<Pick<ServiceContext, 'metrics'>> & { serviceSecret: string };

/** What the caller asks to resolve (reference resolvePublishedContentByUrl / getPublishedContentByUrl). */
export interface PublishedUrlRequest {
  url: string;
  /** SiteVisitorPayload.jwtToken, or getPublishedContentByUrl's `visitorAuthToken`; else the URL's `jwt_token`. */
  visitorToken?: string;
  redirectOnError: boolean;
  /**
   * `compact` for REST (GitBook's renderer puts the token into a file name: compact-site-api-token.ts),
   * `full` for the reader over gRPC (content and specs verify it and read its `spaces`).
   */
  tokenForm: 'compact' | 'full';
}
