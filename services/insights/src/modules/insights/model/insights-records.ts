/** The site whose events a query reads (both ids, so a query can never cross organizations). */
export interface InsightsScope {
  organizationId: string;
  siteId: string;
}

/**
 * One group of an aggregate: per plan dimension the values of its sources (a time bucket as unix
 * seconds), then per plan metric its counts (one for a count, one per rating for a rating).
 */
export interface AggregateRow {
  dimensions: string[][];
  metrics: number[][];
}

/** Visitors sharing the same auth claims (the stored JSON text), with their counts. */
export interface VisitorSegmentRow {
  claims: string;
  events: number;
  visitors: number;
  sessions: number;
}
