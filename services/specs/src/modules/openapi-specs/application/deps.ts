import type { Principal } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';
import type { SpecSchedule } from '../domain/spec-sources';

/** What OpenAPI specs' use cases take (service.ts builds it once). */
export interface SpecDeps {
  db: SqlDatabase;
  membership: Pick<MembershipResolver, 'membership'>;
  clock: () => Date;
  schedule: SpecSchedule;
}

/** Who calls a use case: the route's principal (only its user counts). */
export type Caller = Pick<Principal, 'userId'>;

/** One spec of an organization, as a route's path names it. */
export interface SpecRef {
  organizationId: string;
  specSlug: string;
}
