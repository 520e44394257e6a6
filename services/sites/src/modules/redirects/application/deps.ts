import type { UrlBuilder } from '@quire/urls';
import type { ContentPagesClient } from '@quire/platform/grpc';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Site } from '../../sites';

/** What the redirect use cases take: the database, the clock, PUBLIC_URL (for targets) and content's page reads. */
export interface RedirectDeps {
  db: SqlDatabase;
  clock: () => Date;
  urls: UrlBuilder;
  clients: { contentPages(): Pick<ContentPagesClient, 'findPageByPath' | 'getPagePaths'> };
}

/** What a redirect use case takes to authorize its caller too (the sites policy). */
export type RedirectCallerDeps = RedirectDeps & { membership: MembershipResolver };

/** The site a request names. */
export interface RedirectSiteRef {
  organizationId: string;
  siteId: string;
}

/** The site a use case acts on (authorized by it first). */
export interface RedirectSite {
  id: string;
  organizationId: string;
}

/** Where the site is published (built-in address, custom hostname, proxy origin): what a redirect chain is followed through. */
export type RedirectSiteAddress = Pick<Site, 'basename' | 'hostname' | 'proxyUrl'>;
