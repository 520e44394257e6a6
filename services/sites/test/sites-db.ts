import { join } from 'node:path';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb, silentLogger } from '../../../test/support/service-db';
import { keysAtEnd } from '../src/modules/sites/domain/site-structure';
import { promoteMissingDefaults } from '../src/modules/sites/store/site-spaces-attach.store';
import { insertSiteSpace } from '../src/modules/sites/store/site-spaces.store';
import { insertSite } from '../src/modules/sites/store/sites.store';

export { silentLogger };

/** An embedded Postgres with the common and sites migrations applied. */
export function openSitesDb(): Promise<PgliteDatabase> {
  return openServiceDb('sites', join(__dirname, '..', 'migrations'));
}

/** A site of `organizationId` with the given spaces at its root, in order, the first as default. */
export async function seedSite(db: SqlExecutor, organizationId: string, spaceIds: readonly string[]): Promise<string> {
  const now = new Date('2026-01-01T00:00:00Z');
  const site = await insertSite(db, { id: newId(), organizationId, type: 'basic', title: 'Seeded', visibility: 'public' }, now);
  const positions = keysAtEnd([], spaceIds.length);
  for (const [i, spaceId] of spaceIds.entries()) {
    await insertSiteSpace(db, { id: newId(), siteId: site.id, sectionId: null, spaceId, path: `p${i}`, position: positions[i] as string }, now);
  }
  await promoteMissingDefaults(db, [site.id]);
  return site.id;
}

/** The site's site spaces in order: [spaceId, default, hidden]. */
export async function siteSpacesOf(db: SqlExecutor, siteId: string): Promise<[string, boolean, boolean][]> {
  const { rows } = await db.query<{ space_id: string; is_default: boolean; hidden: boolean }>(
    'SELECT space_id, is_default, hidden FROM site_spaces WHERE site_id = $1 ORDER BY position COLLATE "C"',
    [siteId],
  );
  return rows.map((r) => [r.space_id, r.is_default, r.hidden]);
}
