import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';
import type { SiteAccessDeps } from '../../sites';

/** What visitor-auth use cases take: the database, the caller's memberships, the clock, INTERNAL_SECRET (seals the key) and the shared cache (a new key ends the site's API tokens). */
export interface PublishingAuthDeps extends SiteAccessDeps {
  db: SqlDatabase;
  membership: MembershipResolver;
  clock: () => Date;
  serviceSecret: string;
}

/** A site of an organization, as the caller names it. */
export interface SiteRef {
  organizationId: string;
  siteId: string;
}
