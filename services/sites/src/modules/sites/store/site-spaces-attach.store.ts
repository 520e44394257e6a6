import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { SiteSpace } from '../model/site-structure';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// The site-space SQL of the site's own operations (choose the default) and of the content-events
// consumer (hide, show and remove the site spaces of one space). The site-spaces endpoints have
// their own store (site-spaces.store.ts).

/** Makes a site space the default of its container (root or section), unsetting the previous one. */
export async function makeDefaultSiteSpace(tx: SqlExecutor, placement: Pick<SiteSpace, 'id' | 'siteId' | 'sectionId'>): Promise<void> {
  // Unset first: the one-default-per-container unique indexes check every statement.
  await table(tx)
    .updateTable('site_spaces')
    .set({ is_default: false })
    .where('site_id', '=', placement.siteId)
    .where('section_id', 'is not distinct from', placement.sectionId)
    .where('is_default', '=', true)
    .where('id', '<>', placement.id)
    .execute();
  await table(tx).updateTable('site_spaces').set({ is_default: true }).where('id', '=', placement.id).execute();
}

/** Sets the `hidden` flag of every site space of a space; answers the sites it changed. */
export async function setSiteSpacesHidden(tx: SqlExecutor, spaceId: string, hidden: boolean): Promise<string[]> {
  // A hidden site space cannot stay its container's default: another visible one takes over.
  const rows = await table(tx)
    .updateTable('site_spaces')
    .set((eb) => ({ hidden, is_default: hidden ? false : eb.ref('is_default') }))
    .where('space_id', '=', spaceId)
    .where('hidden', '<>', hidden)
    .returning('site_id')
    .execute();
  return [...new Set(rows.map((r) => r.site_id))];
}

/**
 * Removes the site spaces of a space, from the sites of every organization but `keepOrganizationId`
 * (null: from all sites); answers the sites it changed.
 */
export async function removeSiteSpacesOfSpace(tx: SqlExecutor, spaceId: string, keepOrganizationId: string | null): Promise<string[]> {
  const rows = await table(tx)
    .deleteFrom('site_spaces as ss')
    .using('sites as s')
    .whereRef('ss.site_id', '=', 's.id')
    .where('ss.space_id', '=', spaceId)
    .where('s.organization_id', 'is distinct from', keepOrganizationId)
    .returning('ss.site_id')
    .execute();
  return [...new Set(rows.map((r) => r.site_id))];
}

/**
 * Gives every container (root or section) of the sites that has visible site spaces but no
 * default one a default: its first visible site space.
 */
export async function promoteMissingDefaults(tx: SqlExecutor, siteIds: readonly string[]): Promise<void> {
  if (siteIds.length === 0) return;
  // DISTINCT ON: Postgres SQL, kept as written.
  await sql`UPDATE site_spaces t SET is_default = true
    FROM (
      SELECT DISTINCT ON (c.site_id, c.section_id) c.id
      FROM site_spaces c
      WHERE c.site_id = ANY(${[...siteIds]}::text[]) AND NOT c.hidden
        AND NOT EXISTS (
          SELECT 1 FROM site_spaces d
          WHERE d.site_id = c.site_id AND d.section_id IS NOT DISTINCT FROM c.section_id AND d.is_default
        )
      ORDER BY c.site_id, c.section_id, c.position
    ) first
    WHERE t.id = first.id`.execute(table(tx));
}
