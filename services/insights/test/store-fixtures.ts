import { ADDED_COLUMN_DEFAULTS, type InsightsEventRow } from '../src/modules/insights/model/event-row';
import { storedCellOf } from '../src/modules/insights/model/geo-cell';
import { flattenClaims } from '../src/modules/insights/domain/visitor-claims';

// A deterministic data set for the store tests: one site over ~40 days, plus rows of another
// site and of another organization that no query of the site may see.

export const NOW = new Date('2026-03-15T12:00:00Z');
export const ORG = 'org-contract';
export const SITE = 'site-contract';
export const SCOPE = { organizationId: ORG, siteId: SITE };

const NOW_S = Math.floor(NOW.getTime() / 1000);
const COUNTRIES = ['FR', 'US', 'DE', ''];
const CLAIMS = ['{"plan":"pro"}', '{"plan":"free","role":"admin"}'];
// Beside each country, a point in it (Paris, New York, Berlin) and none for the unknown one.
const POINTS: ([number, number] | null)[] = [[48.8566, 2.3522], [40.7128, -74.006], [52.52, 13.405], null];
const LINK_TARGETS = [
  { kind: 'url', url: 'https://www.github.com/quire' },
  { kind: 'page', page: 'page-2' },
  { kind: 'url', url: 'https://example.org/' },
];
const LINK_POSITIONS = ['footer', 'sidebar', 'content'];

/** The type of row i, and the columns only that type has. */
function eventOf(i: number): Partial<InsightsEventRow> & { type: string } {
  if (i % 5 === 0) return { type: 'search_type_query' };
  if (i % 7 === 1) {
    const target = LINK_TARGETS[i % 3] as { kind: string; url?: string; page?: string };
    const domain = target.url ? new URL(target.url).hostname.replace(/^www\./, '') : '';
    return {
      type: 'link_click',
      link_target_kind: target.kind,
      link_target_value: JSON.stringify(target),
      link_target_domain: domain,
      link_position: LINK_POSITIONS[i % 3] as string,
    };
  }
  if (i % 11 === 2) return { type: 'page_post_feedback', feedback_rating: ['good', 'ok', 'bad'][i % 3] as string };
  if (i % 11 === 3) return { type: 'page_post_feedback_comment', feedback_rating: 'bad', feedback_comment: `comment ${i % 2}` };
  if (i % 13 === 4) return { type: 'ask_rate_response', ask_rating: i % 3 === 0 ? -1 : 1 };
  if (i % 19 === 6) return { type: 'api_client_request', api_operation_path: `/pets/${i % 2}`, api_operation_method: i % 2 ? 'get' : 'post' };
  if (i % 23 === 8) return { type: 'ad_display', ad_domain: `ads${i % 2}.example.com`, ad_placement: 'aside' };
  if (i % 29 === 9) return { type: 'trademark_click', trademark_placement: i % 2 ? 'footer' : 'sidebar' };
  return { type: 'page_view' };
}

export function row(i: number, overrides: Partial<InsightsEventRow> = {}): InsightsEventRow {
  const search = i % 5 === 0;
  const claims = i % 10 < 2 ? (CLAIMS[i % 10] as string) : '{}';
  const flat = flattenClaims(JSON.parse(claims) as Record<string, string>);
  const point = POINTS[i % 4] ?? null;
  return {
    event_id: `ev-${i}`,
    organization_id: ORG,
    site_id: SITE,
    timestamp: NOW_S - i * 5_471,
    ingested_at: NOW_S,
    visitor_id: i % 13 === 0 ? '' : `visitor-${i % 23}`,
    session_id: `session-${i % 41}`,
    visitor_hash: `hash-${i % 29}`,
    url: `https://docs.example.com/p${i % 7}?q='x\\`,
    referrer: i % 3 === 0 ? 'https://google.com/' : '',
    language: i % 2 ? 'en' : 'fr',
    site_section: '',
    site_space: 'sitesp-1',
    site_share_key: '',
    space: 'space-1',
    revision: 'rev-1',
    page: `page-${i % 7}`,
    country: COUNTRIES[i % 4] ?? '',
    browser: i % 2 ? 'chrome' : 'firefox',
    os: 'linux',
    device: 'desktop',
    is_bot: i % 17 === 0 ? 1 : 0,
    visitor_claims: claims,
    properties: search ? JSON.stringify({ query: `query ${i % 3}` }) : '{}',
    ...ADDED_COLUMN_DEFAULTS,
    visitor_claim_keys: flat.keys,
    visitor_claim_values: flat.values,
    display_context: i % 9 === 0 ? 'embed' : 'site',
    referrer_domain: i % 3 === 0 ? 'google.com' : '',
    utm_source: ['newsletter', 'twitter', '', ''][i % 4] as string,
    utm_medium: i % 4 === 0 ? 'email' : '',
    utm_campaign: i % 6 === 0 ? 'spring' : '',
    utm_term: i % 8 === 0 ? 'docs' : '',
    utm_content: i % 12 === 0 ? 'banner' : '',
    geo_lat: point?.[0] ?? 0,
    geo_lon: point?.[1] ?? 0,
    geo_h3: point ? storedCellOf(point[0], point[1]) : '0',
    ...eventOf(i),
    ...overrides,
  };
}

/** The site's 640 rows (about 40 days), then 20 rows of another site and 20 of another organization. */
export function contractRows(): InsightsEventRow[] {
  const rows = Array.from({ length: 640 }, (_, i) => row(i));
  for (let i = 0; i < 20; i++) rows.push(row(1000 + i, { site_id: 'other-site' }), row(2000 + i, { organization_id: 'other-org' }));
  return rows;
}

/** The site's own rows, for computing expected answers. */
export const siteRows = (rows: InsightsEventRow[]): InsightsEventRow[] => rows.filter((r) => r.site_id === SITE && r.organization_id === ORG);
