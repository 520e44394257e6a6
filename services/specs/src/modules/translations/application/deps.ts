import type { MembershipResolver, SqlDatabase } from '@quire/common';

/** What translation settings' use cases take. */
export interface TranslationDeps {
  db: SqlDatabase;
  membership: Pick<MembershipResolver, 'membership'>;
  clock: () => Date;
}

/** Who calls a use case (the route's principal). */
export interface Caller {
  userId: string;
}

/** One translation setting of an organization, as a route's path names it. */
export interface TranslationRef {
  organizationId: string;
  translationSettingsId: string;
}
