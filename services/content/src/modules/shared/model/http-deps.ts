import type { MembershipResolver, ServiceContext } from '@quire/common';

/** What content's HTTP handlers use: a slice of the service context plus the membership resolver. */
export type ContentHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock' | 'outbox' | 'logger' | 'clients'> & {
  membership: MembershipResolver;
};
