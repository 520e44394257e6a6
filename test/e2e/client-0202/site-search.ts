import type { GitBookAPI } from 'gitbook-api-0202';

/**
 * searchSiteContent through today's client: the scope form and a deprecated form,
 * each answer validated by the ledger against 0.202.0 (site-search.test.ts covers scopes and hits).
 */
export async function siteSearchThroughToday(api: GitBookAPI, orgId: string, siteId: string): Promise<void> {
  const siteSpaceId = (await api.orgs.listSiteSpaces(orgId, siteId)).data.items[0]!.id;
  const { data: all } = await api.orgs.searchSiteContent(orgId, siteId, { query: 'welcome', scope: { mode: 'all' } }, { limit: 5 });
  expect(Array.isArray(all.items)).toBe(true);
  const { data: current } = await api.orgs.searchSiteContent(orgId, siteId, { query: 'welcome', mode: 'current', siteSpaceId });
  expect(Array.isArray(current.items)).toBe(true);
}
