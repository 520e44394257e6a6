import { SiteInsightsQueryRangePreset, SiteVisibility, type Site } from 'gitbook-api-0202';
import type { TodayContext } from './context';
import { publishedUrlsThroughToday } from './published-urls';
import { redirectsThroughToday } from './redirects';
import { siteSearchThroughToday } from './site-search';
import { sitePermissionsThroughToday } from './site-permissions';
import { siteSettingsThroughToday } from './site-settings';
import { siteExternalLinksThroughToday, siteSpaceCustomizationThroughToday, siteStructureThroughToday } from './site-structure';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/**
 * A site from creation to deletion through today's client: settings, adaptive schema, share
 * links, redirects, customization and visitor auth, permissions, site spaces, then sections and section groups, publishing, search, and its insights.
 */
export async function sitesThroughToday(context: TodayContext): Promise<void> {
  const { api, orgId } = context;
  const space = async (title: string) => (await api.orgs.createSpace(orgId, { title })).data.id;
  const [home, guides, reference] = [await space('Home'), await space('Guides'), await space('Reference')];
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Docs site', spaces: [home] });
  expect((await api.orgs.listSites(orgId, { title: 'Docs' })).data.items.map((s) => s.id)).toEqual([site.id]);
  // No plan freezes a site; members' roles are their organization roles; the admin may do all.
  expect((await api.orgs.getSiteById(orgId, site.id)).data).toMatchObject({
    title: 'Docs site',
    appliedType: site.type,
    defaultLevel: 'inherit',
    permissions: {
      view: true,
      access: true,
      edit: true,
      create: true,
      admin: true,
      installIntegration: false,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: true,
    },
    urls: { preview: expect.stringMatching(new RegExp(`/v1/orgs/${orgId}/sites/${site.id}/published$`)) },
  });
  expect((await api.orgs.updateSiteById(orgId, site.id, { title: 'Docs', visibility: SiteVisibility.ShareLink })).data.visibility).toBe('share-link');
  await api.orgs.getSiteAdaptiveSchema(orgId, site.id);
  await api.orgs.updateSiteAdaptiveSchema(orgId, site.id, { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } });

  const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
  expect((await api.orgs.listSiteShareLinks(orgId, site.id, { search: 'partner' })).data.items.map((l) => l.id)).toEqual([link.id]);
  expect((await api.orgs.updateSiteShareLinkById(orgId, site.id, link.id, { active: false })).data.active).toBe(false);
  await api.orgs.deleteSiteShareLinkById(orgId, site.id, link.id);
  await redirectsThroughToday(api, orgId, site.id);
  await siteSettingsThroughToday(api, orgId, site.id);
  await sitePermissionsThroughToday(context, site.id);

  const { data: second } = await api.orgs.addSpaceToSite(orgId, site.id, { spaceId: guides });
  const { data: siteSpaces } = await api.orgs.listSiteSpaces(orgId, site.id);
  expect(siteSpaces.items.map((s) => [s.space.id, s.draft])).toEqual([
    [home, false],
    [guides, false],
  ]);
  expect((await api.orgs.updateSiteSpaceById(orgId, site.id, second.id, { path: 'guides' })).data.path).toBe('guides');
  await api.orgs.moveSiteSpace(orgId, site.id, second.id, { position: { before: { type: 'site-space', siteSpace: siteSpaces.items[0]!.id } } });
  await siteSpaceCustomizationThroughToday(api, orgId, site.id, second.id);
  await api.orgs.deleteSiteSpaceById(orgId, site.id, second.id);
  // A copy of a site space's space joins the site next to it (site-space-duplicate.test.ts covers sections).
  const { data: copy } = await api.orgs.duplicateSiteSpace(orgId, site.id, siteSpaces.items[0]!.id, {});
  expect(copy.object).toBe('site-space');
  expect(copy.space.id).not.toBe(home);
  await api.orgs.deleteSiteSpaceById(orgId, site.id, copy.id);

  // The first section gathers the site spaces at the root into a default section.
  const { data: section } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: reference, title: 'Reference' });
  const { data: sections } = await api.orgs.listSiteSections(orgId, site.id);
  expect(sections.items.map((s) => s.id)).toContain(section.id);
  expect((await api.orgs.updateSiteSectionById(orgId, site.id, section.id, { title: 'API reference' })).data.title).toBe('API reference');
  await api.orgs.moveSiteSection(orgId, site.id, section.id, { position: { before: { type: 'site-section', siteSection: sections.items[0]!.id } } });
  const { data: group } = await api.orgs.addSectionGroupToSite(orgId, site.id, { title: 'More', sections: [section.id] });
  expect((await api.orgs.listSiteSectionGroups(orgId, site.id)).data.items.map((g) => [g.id, g.draft])).toEqual([[group.id, false]]);
  expect((await api.orgs.updateSiteSectionGroupById(orgId, site.id, group.id, { title: 'Further' })).data.title).toBe('Further');
  await api.orgs.moveSiteSectionGroup(orgId, site.id, group.id, { position: { after: { type: 'site-section', id: sections.items[0]!.id } } });
  await siteStructureThroughToday(api, orgId, site.id);
  await siteExternalLinksThroughToday(api, orgId, site.id, group.id);
  await api.orgs.deleteSiteSectionGroupById(orgId, site.id, group.id);
  await api.orgs.deleteSiteSectionById(orgId, site.id, section.id);

  expect(((await api.orgs.publishSite(orgId, site.id)).data as Site).published).toBe(true);
  const { data: profile } = await api.orgs.getPublishedContentSite(orgId, site.id);
  expect(profile.site.id).toBe(site.id);
  expect(profile.customizations.site).toMatchObject({ socialAccounts: [], pageActions: { items: ['markdown'] } });
  await publishedUrlsThroughToday(api, orgId, site.id, profile.site.urls.published!);
  await siteSearchThroughToday(api, orgId, site.id);

  await api.orgs.trackEventsInSiteById(orgId, site.id, {
    events: [
      {
        type: 'page_view',
        session: { visitorId: 'visitor-1', sessionId: 'session-1', cookies: {}, userAgent: UA, language: 'en', referrer: null },
        location: { url: 'https://docs.example.com/page', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
      },
    ],
  });
  await api.orgs.aggregateSiteEvents(orgId, site.id, { range: SiteInsightsQueryRangePreset.Last7Days, select: [{ column: 'eventsCount' }] });
  await api.orgs.listSiteVisitorSegments(orgId, site.id);

  expect((await api.orgs.unpublishSite(orgId, site.id)).data.published).toBe(false);
  await api.orgs.deleteSiteById(orgId, site.id);
}
