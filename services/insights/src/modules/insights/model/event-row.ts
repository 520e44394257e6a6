// One visitor event as stored (ClickHouse table `insights_events`, or the embedded store's table).
// Built once at ingest: id and ingest time are given at the API, raw IPs are never stored.
// This is a public interface for dashboards reading ClickHouse directly: change it only with a
// migration and a README update.

export interface InsightsEventRow {
  /** Unique per event; replays carry the same id (deduplication key). */
  event_id: string;
  organization_id: string;
  site_id: string;
  /** Reference SiteInsightsEventType, e.g. page_view. */
  type: string;
  /** When it happened (client timestamp, validated), unix seconds UTC. */
  timestamp: number;
  /** When the API accepted it, unix seconds UTC. */
  ingested_at: number;
  visitor_id: string;
  session_id: string;
  /** Privacy-preserving visitor key: hash of site + ip + user agent + a daily salt. */
  visitor_hash: string;
  url: string;
  referrer: string;
  language: string;
  site_section: string;
  site_space: string;
  site_share_key: string;
  space: string;
  revision: string;
  page: string;
  /** Enrichment from the user agent and the IP (ISO country code, '' when unknown). */
  country: string;
  browser: string;
  os: string;
  device: string;
  is_bot: 0 | 1;
  /** JSON of session.visitorAuthClaims ('{}' when absent), for visitor segments. */
  visitor_claims: string;
  /** JSON of the type-specific fields of the event (e.g. query of a search). */
  properties: string;

  // Added with the second schema version (ClickHouse: ALTER TABLE … ADD COLUMN with these
  // defaults, so older rows read as "not recorded"). Derived at ingest, read by the aggregate columns.
  /** Reference SiteInsightsDisplayContext: 'site' (the default) or 'embed'. */
  display_context: string;
  /** Host of the session referrer, lowercased, without `www.` ('' when none). */
  referrer_domain: string;
  /** Campaign parameters of the location URL's query string ('' when absent). */
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
  /** The IP's location from the offline database (0 when unknown; check geo_h3, 0,0 is a real place). */
  geo_lat: number;
  geo_lon: number;
  /** H3 cell (resolution 15) of geo_lat/geo_lon as unsigned 64-bit decimal text, '0' when unknown. */
  geo_h3: string;
  /** link_click: the target's kind, its ContentRef as JSON with sorted keys, its domain (URL targets only) and the link's position. */
  link_target_kind: string;
  link_target_value: string;
  link_target_domain: string;
  link_position: string;
  /** api_client_open / api_client_request: the OpenAPI operation. */
  api_operation_path: string;
  api_operation_method: string;
  /** page_post_feedback(_comment): 'good' | 'ok' | 'bad', and the comment. */
  feedback_rating: string;
  feedback_comment: string;
  /** ask_rate_response: 1 or -1 (0 on other events). */
  ask_rating: number;
  /** ad_click / ad_display. */
  ad_domain: string;
  ad_placement: string;
  /** trademark_click. */
  trademark_placement: string;
  /** session.visitorAuthClaims flattened: nested keys joined with '.', one pair per array element. */
  visitor_claim_keys: string[];
  visitor_claim_values: string[];
}

// The type-specific fields of an event that the aggregate columns read (eventLink*, eventAPI*,
// feedback, ask rating, ads, trademark), as dedicated row columns: '' (0 for the ask rating) on
// events of other types.

export type EventDetails = Pick<
  InsightsEventRow,
  | 'link_target_kind'
  | 'link_target_value'
  | 'link_target_domain'
  | 'link_position'
  | 'api_operation_path'
  | 'api_operation_method'
  | 'feedback_rating'
  | 'feedback_comment'
  | 'ask_rating'
  | 'ad_domain'
  | 'ad_placement'
  | 'trademark_placement'
>;

export const NO_DETAILS: Readonly<EventDetails> = Object.freeze({
  link_target_kind: '',
  link_target_value: '',
  link_target_domain: '',
  link_position: '',
  api_operation_path: '',
  api_operation_method: '',
  feedback_rating: '',
  feedback_comment: '',
  ask_rating: 0,
  ad_domain: '',
  ad_placement: '',
  trademark_placement: '',
});

/**
 * The values of the columns added after the first schema version, for rows written before them
 * (the stores' DEFAULTs are the same; a row still on the bus from an older build gets these).
 */
export const ADDED_COLUMN_DEFAULTS = {
  display_context: 'site',
  referrer_domain: '',
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  utm_term: '',
  utm_content: '',
  geo_lat: 0,
  geo_lon: 0,
  geo_h3: '0',
  ...NO_DETAILS,
  visitor_claim_keys: [],
  visitor_claim_values: [],
} as const satisfies Partial<InsightsEventRow>;
export type AddedColumn = keyof typeof ADDED_COLUMN_DEFAULTS;
