import type { ServiceContext } from '@quire/platform/runtime';

/** What identity's HTTP handlers use: a slice of the service context. */
export type IdentityHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock' | 'outbox' | 'cache'>;
