import type { Principal } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';

/** What translation settings' use cases take. */
export interface TranslationDeps {
  db: SqlDatabase;
  membership: Pick<MembershipResolver, 'membership'>;
  clock: () => Date;
}

/** Who calls a use case: the route's principal (only its user counts). */
export type Caller = Pick<Principal, 'userId'>;

/** One translation setting of an organization, as a route's path names it. */
export interface TranslationRef {
  organizationId: string;
  translationSettingsId: string;
}
