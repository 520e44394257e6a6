import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { deleteSectionRow } from '../store/sections.store';
import { listSiteSpacesIn } from '../store/site-spaces.store';

/** Deletes a section and its site spaces; the first remaining section becomes the default if it was. False when there was none. */
export async function deleteSection(deps: SiteCallerDeps, callerId: string, ref: SiteRef, sectionId: string, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const siteSpaces = await listSiteSpacesIn(tx, site.id, sectionId);
    const deleted = await deleteSectionRow(tx, site.id, sectionId);
    if (!deleted) return false;
    const { promotedSection } = await ensureSiteDefaults(tx, site.id);
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSectionDeleted,
      { sectionId, sectionGroup: deleted.sectionGroupId, siteSpaces: siteSpaces.map((s) => s.id), wasDefault: deleted.isDefault, promotedSection },
      now,
    );
    return true;
  });
}
