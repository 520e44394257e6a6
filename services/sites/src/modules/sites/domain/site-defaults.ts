import type { SqlExecutor } from '@quire/platform/sql';
import { listAllSections } from '../store/sections.store';
import type { SiteSection } from '../model/site-structure';
import { promoteMissingDefaults } from '../store/site-spaces-attach.store';
import { makeDefaultSection } from '../store/sites.store';

// "Exactly one default where the spec implies one": a site with sections has one default section,
// and every parent with visible site spaces (the root, each section) has one default site space.
// The partial unique indexes of migration 001 forbid two; this rule fills the gap a deleted,
// moved or hidden default leaves. Explicit choices (PATCH defaultSiteSpace, defaultSiteSection)
// go through makeDefaultSection / makeDefaultSiteSpace.

/** The section to make the site's default: none while one is, else the first in navigation order. */
export function sectionToPromote(sectionsInOrder: readonly Pick<SiteSection, 'id' | 'isDefault'>[]): string | null {
  if (sectionsInOrder.some((s) => s.isDefault)) return null;
  return sectionsInOrder[0]?.id ?? null;
}

/**
 * Applies the rule to one site after a structure change, in its transaction: the first section
 * (navigation order) and the first visible site space of each parent (by key) take a missing
 * default. Idempotent. Answers the section it made the default, if any.
 */
export async function ensureSiteDefaults(tx: SqlExecutor, siteId: string): Promise<{ promotedSection: string | null }> {
  const promotedSection = sectionToPromote(await listAllSections(tx, siteId));
  if (promotedSection) await makeDefaultSection(tx, siteId, promotedSection);
  await promoteMissingDefaults(tx, [siteId]);
  return { promotedSection };
}
