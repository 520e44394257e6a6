import type { ServiceContext } from '@quire/platform/runtime';

/** What sites' read queries take: the database and the content client (spaces are embedded, never copied). */
export type SitesReadDeps = Pick<ServiceContext, 'db' | 'clients'>;
