import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { conflict, notFound } from '@quire/errors';
import { type SectionUpdate } from '../domain/sections';
import { requireSection } from './require-structure';
import { chooseDefaultSiteSpace } from './attach-space';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listAllSections, updateSectionRow } from '../store/sections.store';
import type { SiteSection } from '../model/site-structure';

/** Applies a section PATCH: a path of another section of the site is a 409; the default site space must be one of this section's (400). */
export async function updateSection(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  sectionId: string,
  update: SectionUpdate,
  now: Date,
): Promise<{ site: SiteWithCounts; section: SiteSection }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const { defaultSiteSpace, ...changes } = update;
  const section = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const section = await requireSection(tx, site.id, sectionId);
    if (changes.path !== undefined && changes.path !== section.path) {
      const sections = await listAllSections(tx, site.id);
      if (sections.some((s) => s.id !== section.id && s.path === changes.path)) {
        throw conflict(`Invalid body field "path": another section of this site already uses the path "${changes.path}"`);
      }
    }
    if (defaultSiteSpace !== undefined) await chooseDefaultSiteSpace(tx, site.id, section.id, defaultSiteSpace);
    const updated = await updateSectionRow(tx, section.id, changes);
    if (!updated) throw notFound(`Site section ${sectionId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSectionUpdated, { sectionId, fields: Object.keys(update).sort() }, now);
    return updated;
  });
  return { site, section };
}
