import type { GitBookAPI } from 'gitbook-api-0202';

/**
 * A site's structure through today's client: read as one tree (getSiteStructure), then its last
 * top-level item sorted first (sortSiteStructure), which the tree then shows. The site has sections
 * and a group here; site-structure.test.ts covers site spaces, anchors and refusals.
 */
export async function siteStructureThroughToday(api: GitBookAPI, orgId: string, siteId: string): Promise<void> {
  const { data: before } = await api.orgs.getSiteStructure(orgId, siteId);
  expect(before.type).toBe('sections');
  const ids = before.structure.map((item) => item.id);
  expect(ids.length).toBeGreaterThan(1);
  const last = before.structure.at(-1)!;
  const type = last.object === 'site-section-group' ? 'site-section-group' : 'site-section';
  const { data: moved } = await api.orgs.sortSiteStructure(orgId, siteId, {
    item: { type, id: last.id },
    position: { before: { type: before.structure[0]!.object === 'site-section-group' ? 'site-section-group' : 'site-section', id: ids[0]! } },
  });
  expect(moved.id).toBe(last.id);
  const { data: after } = await api.orgs.getSiteStructure(orgId, siteId);
  expect(after.structure.map((item) => item.id)).toEqual([last.id, ...ids.slice(0, -1)]);
}

/** A site space's own customization through today's client: read, overridden, removed (site-structure.test.ts covers merging and refusals). */
export async function siteSpaceCustomizationThroughToday(api: GitBookAPI, orgId: string, siteId: string, siteSpaceId: string): Promise<void> {
  const { data: inherited } = await api.orgs.getSiteSpaceCustomizationById(orgId, siteId, siteSpaceId);
  const { data: overridden } = await api.orgs.overrideSiteSpaceCustomizationById(orgId, siteId, siteSpaceId, { title: 'Guides of Acme' } as never);
  expect(overridden.title).toBe('Guides of Acme');
  await api.orgs.deleteSiteSpaceCustomizationById(orgId, siteId, siteSpaceId);
  expect((await api.orgs.getSiteSpaceCustomizationById(orgId, siteId, siteSpaceId)).data.title).toBe(inherited.title);
}

/**
 * A site's external links through today's client: one added in a group, moved to the top level and
 * retitled, sorted first, then deleted; the structure shows each state (site-external-links.test.ts
 * covers drafts, refusals and the reader's navigation).
 */
export async function siteExternalLinksThroughToday(api: GitBookAPI, orgId: string, siteId: string, groupId: string): Promise<void> {
  const { data: link } = await api.orgs.addExternalLinkToSite(orgId, siteId, { title: 'Status', url: 'https://status.example.com/', parent: groupId });
  expect(link).toMatchObject({ object: 'site-external-link', title: 'Status', url: 'https://status.example.com/', sectionGroup: groupId, draft: false });
  const { data: updated } = await api.orgs.updateSiteExternalLinkById(orgId, siteId, link.id, { title: 'Status page', parent: null });
  expect(updated).toMatchObject({ id: link.id, title: 'Status page' });
  expect(updated.sectionGroup).toBeUndefined();
  const { data: before } = await api.orgs.getSiteStructure(orgId, siteId);
  const first = before.structure[0]!;
  const firstType = first.object === 'site-section-group' ? 'site-section-group' : 'site-section';
  const { data: moved } = await api.orgs.sortSiteStructure(orgId, siteId, {
    item: { type: 'site-external-link', id: link.id },
    position: { before: { type: firstType, id: first.id } },
  });
  expect(moved).toMatchObject({ object: 'site-external-link', id: link.id });
  expect((await api.orgs.getSiteStructure(orgId, siteId)).data.structure[0]?.id).toBe(link.id);
  await api.orgs.deleteSiteExternalLinkById(orgId, siteId, link.id);
  expect((await api.orgs.getSiteStructure(orgId, siteId)).data.structure.map((item) => item.id)).not.toContain(link.id);
}
