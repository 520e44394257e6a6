import type { GitBookAPI } from 'gitbook-api-0202';
import { validateOperationResponse } from '../support/reference';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// External links of a site's navigation (0.202.0 addExternalLinkToSite, updateSiteExternalLinkById,
// deleteSiteExternalLinkById): at the top level or in a group, shown by getSiteStructure, moved by
// sortSiteStructure, and in the reader's navigation as links to their own address (drafts omitted).

const stack = currentStack();
const TODAY = { reference: '0.202.0' } as const;
const ledger = new TodayLedger(stack);
let orgId: string;
let api: GitBookAPI;
let raw: ApiClient;
let spaces: string[];

const linksPath = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}/external-links`;

/** A site in sections: a default section, a second one in a group. */
async function sectionedSite(title: string) {
  const { data: site } = await api.orgs.createSite(orgId, { title, spaces: [spaces[0]!] });
  const { data: guides } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: spaces[1]!, title: 'Guides' });
  const { data: group } = await api.orgs.addSectionGroupToSite(orgId, site.id, { title: 'More', sections: [guides.id] });
  return { site, guides, group };
}

const topLevelIds = async (siteId: string) => (await api.orgs.getSiteStructure(orgId, siteId)).data.structure.map((item) => item.id);

beforeAll(async () => {
  const own = await buildOrganization(stack, 'External links org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  spaces = [];
  for (const title of ['Home', 'Guides']) spaces.push((await api.orgs.createSpace(orgId, { title })).data.id);
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('external links in the structure', () => {
  it('adds one at the top level and one in a group, each at the end of its place, draft and optional fields shown', async () => {
    const { site, guides, group } = await sectionedSite('Linked');
    const created = await raw.post(linksPath(site.id), {
      title: 'Status',
      url: 'https://status.example.com/',
      description: 'Is it up?',
      icon: 'signal',
      localizedTitle: { fr: 'État' },
      condition: 'visitor.claims.beta',
    });
    expect(created.status).toBe(201);
    expect(validateOperationResponse('addExternalLinkToSite', 201, created.body, TODAY)).toEqual([]);
    expect(created.body).toEqual({
      object: 'site-external-link',
      id: expect.any(String),
      title: 'Status',
      localizedTitle: { fr: 'État' },
      description: 'Is it up?',
      icon: 'signal',
      url: 'https://status.example.com/',
      draft: false,
      condition: 'visitor.claims.beta',
    });
    expect(created.headers.get('location')).toMatch(new RegExp(`/v1/orgs/${orgId}/sites/${site.id}/external-links/${created.body.id}$`));

    const { data: inGroup } = await api.orgs.addExternalLinkToSite(orgId, site.id, {
      title: 'Blog',
      url: 'https://blog.example.com/',
      parent: group.id,
      draft: true,
    });
    expect(inGroup).toMatchObject({ object: 'site-external-link', sectionGroup: group.id, draft: true });

    const structure = await raw.get(`/v1/orgs/${orgId}/sites/${site.id}/structure`);
    expect(validateOperationResponse('getSiteStructure', 200, structure.body, TODAY)).toEqual([]);
    const items = structure.body.structure as Array<{ object: string; id: string; children?: Array<{ object: string; id: string }>; sections?: unknown[] }>;
    expect(items.map((i) => i.object)).toEqual(['site-section', 'site-section-group', 'site-external-link']);
    expect(items[2]!.id).toBe(created.body.id);
    // A group's children hold its sections and links in one order; `sections` its sections only.
    expect(items[1]!.children!.map((c) => [c.object, c.id])).toEqual([
      ['site-section', guides.id],
      ['site-external-link', inGroup.id],
    ]);
    expect(items[1]!.sections).toHaveLength(1);
  });

  it('updates fields, moves a link out of its group with `parent: null`, and clears nullable fields', async () => {
    const { site, group } = await sectionedSite('Updated');
    const { data: link } = await api.orgs.addExternalLinkToSite(orgId, site.id, {
      title: 'Blog',
      url: 'https://blog.example.com/',
      parent: group.id,
      description: 'Posts',
    });
    const patched = await raw.patch(`${linksPath(site.id)}/${link.id}`, {
      title: 'News',
      url: 'https://news.example.com/a?b=1',
      parent: null,
      description: null,
      draft: true,
    });
    expect(patched.status).toBe(200);
    expect(validateOperationResponse('updateSiteExternalLinkById', 200, patched.body, TODAY)).toEqual([]);
    expect(patched.body).toEqual({ object: 'site-external-link', id: link.id, title: 'News', url: 'https://news.example.com/a?b=1', draft: true });
    expect((await topLevelIds(site.id)).at(-1)).toBe(link.id);

    const { data: back } = await api.orgs.updateSiteExternalLinkById(orgId, site.id, link.id, { parent: group.id, draft: false });
    expect(back).toMatchObject({ sectionGroup: group.id, draft: false, title: 'News' });
    expect(await topLevelIds(site.id)).not.toContain(link.id);
  });

  it('sorts a link among the top level and within its group, and anchors other items on it', async () => {
    const { site, guides, group } = await sectionedSite('Sorted');
    const { data: top } = await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Status', url: 'https://status.example.com/' });
    const [first, second] = await topLevelIds(site.id);
    const sorted = await raw.patch(`/v1/orgs/${orgId}/sites/${site.id}/structure/sort`, {
      item: { type: 'site-external-link', id: top.id },
      position: { before: { type: 'site-section', id: first } },
    });
    expect(sorted.status).toBe(200);
    expect(validateOperationResponse('sortSiteStructure', 200, sorted.body, TODAY)).toEqual([]);
    expect(sorted.body).toMatchObject({ object: 'site-external-link', id: top.id });
    expect(await topLevelIds(site.id)).toEqual([top.id, first, second]);

    // The group goes before the link: the link is an anchor like any sibling.
    await api.orgs.sortSiteStructure(orgId, site.id, {
      item: { type: 'site-section-group', id: group.id },
      position: { before: { type: 'site-external-link', id: top.id } },
    });
    expect(await topLevelIds(site.id)).toEqual([group.id, top.id, first]);

    const { data: inGroup } = await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Blog', url: 'https://blog.example.com/', parent: group.id });
    await api.orgs.sortSiteStructure(orgId, site.id, {
      item: { type: 'site-external-link', id: inGroup.id },
      position: { before: { type: 'site-section', id: guides.id } },
    });
    const shown = (await api.orgs.getSiteStructure(orgId, site.id)).data.structure.find((i) => i.id === group.id);
    expect(shown?.object === 'site-section-group' && shown.children.map((c) => c.id)).toEqual([inGroup.id, guides.id]);
    // A top-level item is no sibling of a link in a group.
    expectError(
      await raw.patch(`/v1/orgs/${orgId}/sites/${site.id}/structure/sort`, {
        item: { type: 'site-external-link', id: inGroup.id },
        position: { after: { type: 'site-external-link', id: top.id } },
      }),
      400,
      /position\.after/,
    );
  });

  it('puts the links of a deleted group back at the top level where the group was', async () => {
    const { site, group } = await sectionedSite('Ungrouped');
    const { data: link } = await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Blog', url: 'https://blog.example.com/', parent: group.id });
    const [first] = await topLevelIds(site.id);
    await api.orgs.deleteSiteSectionGroupById(orgId, site.id, group.id);
    const after = await topLevelIds(site.id);
    expect(after[0]).toBe(first);
    expect(after).toContain(link.id);
    expect(after).toHaveLength(3);
  });

  it('deletes a link (205), then answers 204 for it', async () => {
    const { site } = await sectionedSite('Deleted');
    const { data: link } = await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Gone', url: 'https://gone.example.com/' });
    expect((await raw.delete(`${linksPath(site.id)}/${link.id}`)).status).toBe(205);
    expect(await topLevelIds(site.id)).not.toContain(link.id);
    expect((await raw.delete(`${linksPath(site.id)}/${link.id}`)).status).toBe(204);
    expectError(await raw.patch(`${linksPath(site.id)}/${link.id}`, { title: 'Back' }), 404);
  });
});

describe('refusals', () => {
  it('refuses a site without sections, a bad URL, an unknown group, and unknown fields (400 naming them)', async () => {
    const { data: flat } = await api.orgs.createSite(orgId, { title: 'Flat', spaces: [spaces[0]!] });
    const simple = await raw.post(linksPath(flat.id), { title: 'Status', url: 'https://status.example.com/' });
    expectError(simple, 400, /sections/);
    expect(validateOperationResponse('addExternalLinkToSite', 400, simple.body, TODAY)).toEqual([]);

    const { site } = await sectionedSite('Refusals');
    expectError(await raw.post(linksPath(site.id), { title: 'Status', url: 'ftp://files.example.com/' }), 400, /url/);
    expectError(await raw.post(linksPath(site.id), { title: 'Status', url: '/relative' }), 400, /url/);
    expectError(await raw.post(linksPath(site.id), { title: 'S', url: 'https://a.example.com/' }), 400, /title/);
    expectError(await raw.post(linksPath(site.id), { url: 'https://a.example.com/' }), 400, /title/);
    expectError(await raw.post(linksPath(site.id), { title: 'Status', url: 'https://a.example.com/', parent: 'nosuchgroup000000000' }), 400, /parent/);
    expectError(await raw.post(linksPath(site.id), { title: 'Status', url: 'https://a.example.com/', colour: 'red' }), 400, /colour/);
    const { data: link } = await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Status', url: 'https://status.example.com/' });
    const badUpdate = await raw.patch(`${linksPath(site.id)}/${link.id}`, { url: 'javascript:alert(1)' });
    expectError(badUpdate, 400, /url/);
    expect(validateOperationResponse('updateSiteExternalLinkById', 400, badUpdate.body, TODAY)).toEqual([]);
  });

  it('lets only those who manage the site change links; 404 to other organizations', async () => {
    const { site } = await sectionedSite('Who');
    const { data: link } = await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Status', url: 'https://status.example.com/' });
    const reader = apiClient(stack, (await buildMember(stack, orgId, 'read')).token);
    expectError(await reader.post(linksPath(site.id), { title: 'Mine', url: 'https://a.example.com/' }), 403);
    expectError(await reader.patch(`${linksPath(site.id)}/${link.id}`, { title: 'Mine' }), 403);
    expectError(await reader.delete(`${linksPath(site.id)}/${link.id}`), 403);
    const stranger = apiClient(stack, (await buildOrganization(stack, 'External links stranger')).admin.token);
    expectError(await stranger.post(linksPath(site.id), { title: 'Mine', url: 'https://a.example.com/' }), 404);
    expectError(await stranger.delete(`${linksPath(site.id)}/${link.id}`), 404);
  });
});

describe("the reader's navigation", () => {
  it('shows a live link as a link to its address (escaped), in a group too, omits drafts, and shows one added later', async () => {
    await mergeChanges(api, spaces[0]!, [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.' } }] as never);
    const { site, group } = await sectionedSite('Read');
    await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Status <now>', url: 'https://status.example.com/?a=1&b=2' });
    await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Blog', url: 'https://blog.example.com/', parent: group.id });
    await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Secret plans', url: 'https://secret.example.com/', draft: true });
    await api.orgs.publishSite(orgId, site.id);
    const url = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
    let html = '';
    await eventually(async () => {
      const res = await fetch(url, { redirect: 'follow' });
      html = await res.text();
      return res.status === 200 && html.includes('blog.example.com');
    }, 15_000);
    expect(html).toContain('<a href="https://status.example.com/?a=1&amp;b=2" rel="noopener noreferrer">Status &lt;now&gt;</a>');
    expect(html).toMatch(/<a href="https:\/\/blog\.example\.com\/" rel="noopener noreferrer">Blog<\/a>/);
    expect(html).not.toContain('secret.example.com');
    expect(html).not.toContain('Secret plans');

    // A link added to the published site shows once the change reaches the reader (its answers are keyed by the site's version).
    await api.orgs.addExternalLinkToSite(orgId, site.id, { title: 'Changelog', url: 'https://changes.example.com/' });
    await eventually(async () => (await (await fetch(url, { redirect: 'follow' })).text()).includes('https://changes.example.com/'), 15_000);
  });
});
