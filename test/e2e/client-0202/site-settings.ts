import type { GitBookAPI } from 'gitbook-api-0202';

/**
 * A site's customization and visitor authentication through today's client:
 * the stored customization comes back as written, and regenerating the signing key changes it.
 * site-customization.test.ts and site-publishing-auth.test.ts cover roles and hostile input.
 */
export async function siteSettingsThroughToday(api: GitBookAPI, orgId: string, siteId: string): Promise<void> {
  const { data: customization } = await api.orgs.getSiteCustomizationById(orgId, siteId);
  const written = (await api.orgs.updateSiteCustomizationById(orgId, siteId, { ...customization, title: 'Docs of Acme' } as never)).data;
  expect(written.title).toBe('Docs of Acme');
  const { data: auth } = await api.orgs.getSitePublishingAuthById(orgId, siteId);
  expect(auth.privateKey).toMatch(/^[0-9a-f]{64}$/);
  const fallbackURL = 'https://example.com/sign-in';
  expect((await api.orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', fallbackURL })).data.fallbackURL).toBe(fallbackURL);
  expect((await api.orgs.regenerateSitePublishingAuthById(orgId, siteId)).data.privateKey).not.toBe(auth.privateKey);
}
