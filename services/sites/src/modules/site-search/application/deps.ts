import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';

/** What site search takes: the database (the site's structure), the content client (the index) and the membership resolver (the audience). */
export type SiteSearchDeps = Pick<ServiceContext, 'db' | 'clients' | 'urls'> & { membership: MembershipResolver };
