import type { UrlBuilder } from '@quire/urls';
import type { ContentPagesClient } from '@quire/platform/grpc';
import type { SqlDatabase } from '@quire/platform/sql';

/** What the redirect use cases take: the database, the clock, PUBLIC_URL (for targets) and content's page reads. */
export interface RedirectDeps {
  db: SqlDatabase;
  clock: () => Date;
  urls: UrlBuilder;
  clients: { contentPages(): Pick<ContentPagesClient, 'findPageByPath' | 'getPagePaths'> };
}

/** The site a use case acts on (already authorized by the route). */
export interface RedirectSite {
  id: string;
  organizationId: string;
}
