import type { SiteSection } from '../model/site-structure';

// "Exactly one default where the spec implies one": a site with sections has one default section,
// and every parent with visible site spaces (the root, each section) has one default site space.
// The partial unique indexes of migration 001 forbid two; this rule fills the gap a deleted,
// moved or hidden default leaves. Explicit choices (PATCH defaultSiteSpace, defaultSiteSection)
// go through makeDefaultSection / makeDefaultSiteSpace; application/ensure-site-defaults.ts applies it.

/** The section to make the site's default: none while one is, else the first in navigation order. */
export function sectionToPromote(sectionsInOrder: readonly Pick<SiteSection, 'id' | 'isDefault'>[]): string | null {
  if (sectionsInOrder.some((s) => s.isDefault)) return null;
  return sectionsInOrder[0]?.id ?? null;
}
