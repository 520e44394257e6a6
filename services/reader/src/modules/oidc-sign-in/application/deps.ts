import type { SitesClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';
import type { OutboundFetcher } from '@quire/platform/outbound';

/** What reader sign-in takes: sites (the site's provider and its key), the one outbound door (token and JWKS), INTERNAL_SECRET (seals the state cookie), the clock. */
export interface SignInDeps {
  sites: () => SitesClient;
  outbound: OutboundFetcher;
  secret: string;
  clock: () => Date;
  logger: Logger;
}

/** A sign-in step's answer: a redirect with cookies, or a page saying why the sign-in failed (never a redirect, so never a loop). */
export type SignInOutcome =
  { kind: 'redirect'; status: 302; location: string; cookies: string[] } | { kind: 'sign-in-failed'; message: string; cookies: string[] };
