import { queryRows, type SqlExecutor } from '@quire/platform/sql';
import type { SiteSpace } from '../model/site-structure';

// The site-space SQL of the site's own operations (choose the default) and of the content-events
// consumer (hide, show and remove the site spaces of one space). The site-spaces endpoints have
// their own store (site-spaces.store.ts).

/** Makes a site space the default of its container (root or section), unsetting the previous one. */
export async function makeDefaultSiteSpace(tx: SqlExecutor, placement: Pick<SiteSpace, 'id' | 'siteId' | 'sectionId'>): Promise<void> {
  // Unset first: the one-default-per-container unique indexes check every statement.
  await tx.query('UPDATE site_spaces SET is_default = false WHERE site_id = $1 AND section_id IS NOT DISTINCT FROM $2 AND is_default AND id <> $3', [
    placement.siteId,
    placement.sectionId,
    placement.id,
  ]);
  await tx.query('UPDATE site_spaces SET is_default = true WHERE id = $1', [placement.id]);
}

/** Sets the `hidden` flag of every site space of a space; answers the sites it changed. */
export async function setSiteSpacesHidden(tx: SqlExecutor, spaceId: string, hidden: boolean): Promise<string[]> {
  // A hidden site space cannot stay its container's default: another visible one takes over.
  const rows = await queryRows<{ site_id: string }>(
    tx,
    `UPDATE site_spaces SET hidden = $2, is_default = CASE WHEN $2 THEN false ELSE is_default END
     WHERE space_id = $1 AND hidden <> $2 RETURNING site_id`,
    [spaceId, hidden],
  );
  return [...new Set(rows.map((r) => r.site_id))];
}

/**
 * Removes the site spaces of a space, from the sites of every organization but `keepOrganizationId`
 * (null: from all sites); answers the sites it changed.
 */
export async function removeSiteSpacesOfSpace(tx: SqlExecutor, spaceId: string, keepOrganizationId: string | null): Promise<string[]> {
  const rows = await queryRows<{ site_id: string }>(
    tx,
    `DELETE FROM site_spaces ss USING sites s
     WHERE ss.site_id = s.id AND ss.space_id = $1 AND s.organization_id IS DISTINCT FROM $2
     RETURNING ss.site_id`,
    [spaceId, keepOrganizationId],
  );
  return [...new Set(rows.map((r) => r.site_id))];
}

/**
 * Gives every container (root or section) of the sites that has visible site spaces but no
 * default one a default: its first visible site space.
 */
export async function promoteMissingDefaults(tx: SqlExecutor, siteIds: readonly string[]): Promise<void> {
  if (siteIds.length === 0) return;
  await tx.query(
    `UPDATE site_spaces t SET is_default = true
     FROM (
       SELECT DISTINCT ON (c.site_id, c.section_id) c.id
       FROM site_spaces c
       WHERE c.site_id = ANY($1::text[]) AND NOT c.hidden
         AND NOT EXISTS (
           SELECT 1 FROM site_spaces d
           WHERE d.site_id = c.site_id AND d.section_id IS NOT DISTINCT FROM c.section_id AND d.is_default
         )
       ORDER BY c.site_id, c.section_id, c.position
     ) first
     WHERE t.id = first.id`,
    [siteIds],
  );
}
