import { join } from 'node:path';
import { newId } from '@quire/ids';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb, outboxEventTypes } from '../../../test/support/service-db';
import { insertSite } from '../src/modules/sites/store/sites.store';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SiteCallerDeps, SiteRef } from '../src/modules/sites/application/deps';
import type { Site } from '../src/modules/sites/model/site';

// Support of the structure-*.test.ts files: embedded Postgres with the sites migrations, and sites
// inserted as rows (the site endpoints are not what these tests are about).

export function openStructureDb(): Promise<PgliteDatabase> {
  return openServiceDb('sites', join(__dirname, '..', 'migrations'));
}

export function insertSiteRow(db: PgliteDatabase, title = 'Docs', organizationId = 'org1'): Promise<Site> {
  return insertSite(db, { id: newId(), organizationId, type: 'basic', title, visibility: 'public' }, new Date());
}

/** The types of the events written to the outbox for a site, oldest first. */
export const siteEventTypes = outboxEventTypes;

// The structure use cases authorize their caller; these tests call them as an admin of the site's
// organization (site.policy is tested with the endpoints).
const asAdminDeps = (db: PgliteDatabase) => ({
  db,
  membership: { membership: async () => ({ organizationExists: true, role: 'admin', guest: false, teamIds: [] }) } as unknown as MembershipResolver,
});

/** A use case called as an admin on `site`, answering what `pick` takes of its result. */
export function asAdmin<I extends unknown[], R, T>(
  useCase: (deps: SiteCallerDeps, callerId: string, ref: SiteRef, ...input: I) => Promise<R>,
  pick: (result: R) => T,
): (db: PgliteDatabase, site: Site, ...input: I) => Promise<T> {
  return async (db, site, ...input) => pick(await useCase(asAdminDeps(db), 'admin', { organizationId: site.organizationId, siteId: site.id }, ...input));
}
