import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';

/** What content's HTTP handlers use: a slice of the service context plus the membership resolver. */
export type ContentHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock' | 'outbox' | 'logger' | 'clients'> & {
  membership: MembershipResolver;
};
