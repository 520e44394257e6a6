/** One section of a page as search indexes it (modules/revisions/domain/page-sections.ts builds them). */
export interface PageSection {
  /** 0 for the title section, then 1, 2… in document order. */
  position: number;
  /** The heading's anchor (the id the page document gives it); '' for the title section. */
  anchor: string;
  /** The heading's text; '' for the title section (its title is the page's). */
  heading: string;
  body: string;
}
