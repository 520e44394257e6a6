import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';

/**
 * Resolving a published site's address through today's client, both forms: the
 * POST and the deprecated GET answer the same content. The site is made public first (the sites
 * area leaves it a share-link site; published-urls.test.ts covers audiences).
 */
export async function publishedUrlsThroughToday(api: GitBookAPI, orgId: string, siteId: string, publishedUrl: string): Promise<void> {
  await api.orgs.updateSiteById(orgId, siteId, { visibility: SiteVisibility.Public });
  const { data: posted } = await api.urls.resolvePublishedContentByUrl({ url: publishedUrl });
  expect(posted).toMatchObject({ organization: orgId, site: siteId, pathname: '', complete: true });
  const { data: got } = await api.urls.getPublishedContentByUrl({ url: publishedUrl });
  expect(got).toEqual(posted);
  // What the address names, as the caller reads it, and how it embeds (content-urls.test.ts covers app links and refusals).
  const { data: content } = await api.urls.getContentByUrl({ url: publishedUrl });
  expect('space' in content && content.space.id).toBe((posted as { space?: string }).space);
  const { data: embed } = await api.urls.getEmbedByUrl({ url: 'https://example.com/some/page' });
  expect(embed).toEqual({ type: 'link', title: 'https://example.com/some/page', site: 'example.com' });
}
