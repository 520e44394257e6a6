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
