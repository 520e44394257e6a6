import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';

/** What content's use cases (application/) take: the database, the clock and the membership resolver. */
export type ContentAppDeps = Pick<ServiceContext, 'db' | 'clock'> & { membership: MembershipResolver };

/** Who asks: the authenticated user a use case authorizes. */
export interface Caller {
  userId: string;
}
