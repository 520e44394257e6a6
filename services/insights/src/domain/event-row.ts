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
}
