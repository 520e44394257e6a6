import type { Principal } from '@quire/access';
import type { ServiceContext } from '@quire/platform/runtime';

/** What identity's use cases take: a slice of the service context (HTTP and gRPC pass the same). */
export type IdentityDeps = Pick<ServiceContext, 'db' | 'clock'>;

/** What the entry points hold: the use cases' dependencies and what presenters and evictions need. */
export type IdentityEntryDeps = IdentityDeps & Pick<ServiceContext, 'urls' | 'cache'>;

/** Who calls a use case: the authenticated principal (only the user matters to identity's rules). */
export type Caller = Pick<Principal, 'userId'>;
