import { SiteRedirectOrderBy, type GitBookAPI } from 'gitbook-api-0202';

/**
 * The six site-redirect operations of today's client on a site. An exact source and
 * a site-space destination, so that the answers hold under the 0.143.2 contract too (wildcards and
 * external destinations are 0.202.0's: site-redirects.test.ts covers them).
 */
export async function redirectsThroughToday(api: GitBookAPI, orgId: string, siteId: string): Promise<void> {
  const siteSpaceId = (await api.orgs.listSiteSpaces(orgId, siteId)).data.items[0]!.id;
  const destination = { kind: 'site-space' as const, siteSpaceId };
  const { data: redirect } = await api.orgs.createSiteRedirect(orgId, siteId, { source: '/old/page', destination });
  expect((await api.orgs.listSiteRedirects(orgId, siteId, { orderBy: SiteRedirectOrderBy.Source })).data.items.map((r) => r.id)).toEqual([redirect.id]);
  expect((await api.orgs.getSiteRedirectBySource(orgId, siteId, { source: '/old/page' })).data.redirect.id).toBe(redirect.id);
  expect((await api.orgs.updateSiteRedirectById(orgId, siteId, redirect.id, { permanent: true })).data.permanent).toBe(true);
  const { data: bulk } = await api.orgs.bulkUpsertSiteRedirects(orgId, siteId, { redirects: [{ source: '/old/page', destination: null }] });
  expect(bulk.results.map((r) => r.status)).toEqual(['deleted']);
  expect((await api.orgs.deleteSiteRedirectById(orgId, siteId, redirect.id)).status).toBe(204);
}
