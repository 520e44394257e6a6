// What the reader counts: one served answer of a site, as the use cases know it.

/** The site insights event types the reader emits (the reference's, and GitBook's later machine-read ones). */
export type VisitKind =
  'page_view' | 'page_markdown_request' | 'llms_request' | 'mcp_request' | 'search_type_query' | 'page_post_feedback' | 'page_post_feedback_comment';

/** A served answer's place in the published site ('' when not known, e.g. a site-wide llms.txt). */
export interface Visit {
  kind: VisitKind;
  organization: string;
  site: string;
  siteSection: string;
  siteSpace: string;
  space: string;
  revision: string;
  page: string;
  shareKey: string;
  /** The path the visitor cookies are scoped to: the site's base path (pages' `cookiePath`). */
  cookiePath: string;
  /** `search_type_query`: the query searched. */
  query?: string;
  /** `page_view`: the page offers its feedback form (the site's customization), so a rating of it is taken. */
  feedbackForm?: boolean;
  /** `page_post_feedback` and `page_post_feedback_comment`: the visitor's rating of the page. */
  rating?: 'good' | 'ok' | 'bad';
  /** `page_post_feedback_comment`: what the visitor added to the rating (checked by the reader's input layer). */
  comment?: string;
}

/** Who asked, from the request (never kept beyond the event insights enriches). */
export interface VisitRequest {
  url: string;
  cookie: string | undefined;
  userAgent: string;
  ip: string;
  referrer: string;
  language: string;
  secure: boolean;
}
