import { conflict, notFound } from '@quire/errors';
import type { SqlDatabase } from '@quire/platform/sql';
import { type SectionUpdate } from '../domain/sections';
import { requireSection } from './require-structure';
import { chooseDefaultSiteSpace } from './attach-space';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listAllSections, updateSectionRow } from '../store/sections.store';
import type { SiteSection } from '../model/site-structure';
import type { Site } from '../model/site';

/** Applies a section PATCH: a path of another section of the site is a 409; the default site space must be one of this section's (400). */
export async function updateSection(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId' | 'title'>,
  sectionId: string,
  update: SectionUpdate,
  now: Date,
): Promise<SiteSection> {
  const { defaultSiteSpace, ...changes } = update;
  return db.transaction(async (tx) => {
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
}
