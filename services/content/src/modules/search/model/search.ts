// What the search index holds and a search reads from it: the shapes store, domain and presenters share.
import type { PageSection } from '../../revisions';

/** A page as the index holds it: its sections and what they were derived from. */
export interface IndexedPage {
  pageId: string;
  title: string;
  description: string;
  /** The titles of its ancestors, top level first. */
  ancestors: string[];
  path: string;
  signature: string;
  sections: PageSection[];
}

/**
 * Where a search looks: one space, an organization's sections, or some spaces of an organization
 * (a site's, or those a caller may read) — `scan`: read their sections rather than the index (a
 * handful of pages, see below). `exceptSpaceIds`: spaces of the organization the caller may not read.
 */
export type SearchScope =
  { spaceId: string } | { organizationId: string; exceptSpaceIds?: readonly string[] } | { organizationId: string; spaceIds: readonly string[]; scan: boolean };

/** A matching section, before grouping: `tier` 3 = its page title matches, 2 = its heading, 1 = anywhere. */
export interface SearchCandidate {
  spaceId: string;
  pageId: string;
  position: number;
  rank: number;
  tier: number;
}

/** A section of a result as shown: what the index holds of it, and a snippet around the match. */
export interface SectionHit {
  spaceId: string;
  organizationId: string;
  pageId: string;
  pageTitle: string;
  pageDescription: string;
  /** The titles of the page's ancestors, top level first. */
  pageAncestors: string[];
  pagePath: string;
  position: number;
  anchor: string;
  heading: string;
  snippet: string;
}
