import { join } from 'node:path';
import { newId, type PgliteDatabase } from '@quire/common';
import { openServiceDb, outboxEventTypes } from '../../../test/support/service-db';
import type { SiteRow } from '../src/store/sites.store';

// Support of the structure-*.test.ts files: embedded Postgres with the sites migrations, and sites
// inserted as rows (the site endpoints are not what these tests are about).

export function openStructureDb(): Promise<PgliteDatabase> {
  return openServiceDb('sites', join(__dirname, '..', 'migrations'));
}

export async function insertSiteRow(db: PgliteDatabase, title = 'Docs', organizationId = 'org1'): Promise<SiteRow> {
  const { rows } = await db.query<SiteRow>('INSERT INTO sites (id, organization_id, title) VALUES ($1, $2, $3) RETURNING *', [newId(), organizationId, title]);
  return rows[0] as SiteRow;
}

/** The types of the events written to the outbox for a site, oldest first. */
export const siteEventTypes = outboxEventTypes;
