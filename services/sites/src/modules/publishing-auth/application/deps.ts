import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';

/** What visitor-auth use cases take: the database, the caller's memberships, the clock and INTERNAL_SECRET (seals the key). */
export interface PublishingAuthDeps {
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
