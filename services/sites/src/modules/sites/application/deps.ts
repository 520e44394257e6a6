import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';
import type { ServiceContext } from '@quire/platform/runtime';

/** What sites' read queries take: the database and the content client (spaces are embedded, never copied). */
export type SitesReadDeps = Pick<ServiceContext, 'db' | 'clients'>;

/** What a use case on one site takes to authorize its caller (site.policy): the database and the membership resolver. */
export type SiteCallerDeps = { db: SqlDatabase; membership: MembershipResolver };

/** The site a request names. */
export interface SiteRef {
  organizationId: string;
  siteId: string;
}
