import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';

/** What the sites service's HTTP handlers use: a slice of the service context plus the membership resolver. */
export type SitesHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock' | 'outbox' | 'logger' | 'clients' | 'cache'> & {
  membership: MembershipResolver;
};
