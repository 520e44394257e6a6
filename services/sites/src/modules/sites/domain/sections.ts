import type { SiteSection, SiteSectionChanges, SiteSpace } from '../model/site-structure';

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
