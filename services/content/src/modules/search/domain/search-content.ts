import type { SectionHit } from '../model/search';

/**
 * The most sections a search reads from each tier (page title, heading, anywhere) to rank. A
 * query with fewer matches than this ranks every one of them; a broader one (a word on nearly
 * every page) ranks a sample that holds the title and heading matches first, so its cost stays
 * bounded however large the organization (bench: `npm run bench -- search`).
 */
export const CANDIDATES_PER_TIER = 500;

/**
 * A section as shown, with its space's title, its relevance (`score`, ts_rank: higher is better)
 * and its page's one-based position among all the pages found (`pageRank`).
 */
export type SearchHit = SectionHit & { spaceTitle: string; score: number; pageRank: number };

export interface SearchOutcome {
  /** The sections shown, grouped and in result order. */
  hits: SearchHit[];
  /** Groups found among the candidates: all of them when `complete`. */
  groups: number;
  /** Every match was ranked (false: the query is broad, `groups` counts a sample). */
  complete: boolean;
}

/**
 * The most pages a site search reads section by section instead of through the index: a frequent
 * word's posting list costs the index 40–80 ms whatever the scope, while scanning 200 pages' sections
 * costs about a millisecond (EXPLAIN on the 10,000-page site of bench/site-search.js: one site
 * space, `specific`, 5 vs 50 ms for a frequent word; 100 spaces scanned, 150–220 ms for a rare one).
 */
export const SCAN_PAGES_AT_MOST = 200;
