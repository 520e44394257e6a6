import type { InsightsEventRow } from '../src/domain/event-row';

// A deterministic data set for the store tests: one site over ~40 days, plus rows of another
// site and of another organization that no query of the site may see.

export const NOW = new Date('2026-03-15T12:00:00Z');
export const ORG = 'org-contract';
export const SITE = 'site-contract';
export const SCOPE = { organizationId: ORG, siteId: SITE };

const NOW_S = Math.floor(NOW.getTime() / 1000);
const COUNTRIES = ['FR', 'US', 'DE', ''];
const CLAIMS = ['{"plan":"pro"}', '{"plan":"free","role":"admin"}'];

export function row(i: number, overrides: Partial<InsightsEventRow> = {}): InsightsEventRow {
  const search = i % 5 === 0;
  return {
    event_id: `ev-${i}`,
    organization_id: ORG,
    site_id: SITE,
    type: search ? 'search_type_query' : 'page_view',
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
    visitor_claims: i % 10 < 2 ? (CLAIMS[i % 10] as string) : '{}',
    properties: search ? JSON.stringify({ query: `query ${i % 3}` }) : '{}',
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
