import { join } from 'node:path';
import { newId } from '@quire/ids';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb, outboxEventTypes } from '../../../test/support/service-db';
import { insertSite } from '../src/modules/sites/store/sites.store';
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
