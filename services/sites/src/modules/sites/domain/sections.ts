import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSection, type SiteSectionChanges } from '../store/sections.store';
import type { SiteSection, SiteSpace } from '../model/site-structure';
import { listVisibleSiteSpacesOfSections } from '../store/site-spaces.store';

/** A section with its visible site spaces in order: what a SiteSection response shows. */
export interface SectionView {
  section: SiteSection;
  siteSpaces: SiteSpace[];
}

// Reference SiteSectionTitle: 2..128 characters.
const MIN_TITLE = 2;
const MAX_TITLE = 128;
const UNTITLED = 'Untitled section';

/** A section title made from a space's title (spaces may have an empty or one-letter title). */
export function sectionTitleFrom(title: string): string {
  const trimmed = title.trim().slice(0, MAX_TITLE);
  return trimmed.length >= MIN_TITLE ? trimmed : UNTITLED;
}

/** A section PATCH (updateSiteSectionById), validated in shape. */
export interface SectionUpdate extends SiteSectionChanges {
  defaultSiteSpace?: string;
}

/** The given sections with their visible site spaces, in the order given (one query for all). */
export async function loadSectionViews(db: SqlExecutor, sections: readonly SiteSection[]): Promise<SectionView[]> {
  const siteSpaces = await listVisibleSiteSpacesOfSections(
    db,
    sections.map((s) => s.id),
  );
  return sections.map((section) => ({ section, siteSpaces: siteSpaces.filter((s) => s.sectionId === section.id) }));
}

export async function requireSection(tx: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection> {
  const section = await findSection(tx, siteId, sectionId);
  if (!section) throw notFound(`Site section ${sectionId} not found`);
  return section;
}
