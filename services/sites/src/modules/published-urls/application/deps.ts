import type { ServiceContext } from '@quire/platform/runtime';

/** What resolving a published URL takes: the database, PUBLIC_URL, content (for spaces), the clock and INTERNAL_SECRET (visitor keys, the apiToken's secret). */
export type PublishedUrlDeps = Pick<ServiceContext, 'db' | 'urls' | 'clients' | 'clock'> & { serviceSecret: string };

/** What the caller asks to resolve (reference resolvePublishedContentByUrl / getPublishedContentByUrl). */
export interface PublishedUrlRequest {
  url: string;
  /** SiteVisitorPayload.jwtToken, or getPublishedContentByUrl's `visitorAuthToken`; else the URL's `jwt_token`. */
  visitorToken?: string;
  redirectOnError: boolean;
}
