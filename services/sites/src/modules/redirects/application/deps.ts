import type { UrlBuilder } from '@quire/urls';
import type { SqlDatabase } from '@quire/platform/sql';

/** What the redirect use cases take: the database, the clock and PUBLIC_URL (for targets). */
export interface RedirectDeps {
  db: SqlDatabase;
  clock: () => Date;
  urls: UrlBuilder;
}

/** The site a use case acts on (already authorized by the route). */
export interface RedirectSite {
  id: string;
  organizationId: string;
}
