import type { GitBookAPI } from 'gitbook-api-0202';
import { validateOperationResponse } from '../support/reference';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization } from '../support/factories';
import { currentStack } from '../support/stack';

// The site structure API of 0.202.0: getSiteStructure reads a site's site spaces, or its sections
// and groups, as one tree; sortSiteStructure reorders any item among its siblings. Every answer
// through today's client, validated against its schemas.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let orgId: string;
let api: GitBookAPI;
let raw: ApiClient;
let spaces: string[];

const structurePath = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}/structure`;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Site structure org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  spaces = [];
  for (const title of ['Home', 'Guides', 'Reference']) spaces.push((await api.orgs.createSpace(orgId, { title })).data.id);
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('a site with site spaces only', () => {
  it('reads them in order, and sorts one before another', async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Flat', spaces: [spaces[0]!] });
    const { data: second } = await api.orgs.addSpaceToSite(orgId, site.id, { spaceId: spaces[1]! });
    const { data: before } = await api.orgs.getSiteStructure(orgId, site.id);
    expect(before.type).toBe('siteSpaces');
    const [first] = before.structure;
    expect(before.structure.map((s) => s.id)).toEqual([first!.id, second.id]);
    expect(before.structure.map((s) => (s.object === 'site-space' ? s.space.id : null))).toEqual([spaces[0], spaces[1]]);

    const { data: moved } = await api.orgs.sortSiteStructure(orgId, site.id, {
      item: { type: 'site-space', id: second.id },
      position: { before: { type: 'site-space', id: first!.id } },
    });
    expect(moved).toMatchObject({ object: 'site-space', id: second.id });
    expect((await api.orgs.getSiteStructure(orgId, site.id)).data.structure.map((s) => s.id)).toEqual([second.id, first!.id]);

    // No position: the end of its siblings.
    const last = await raw.patch(`${structurePath(site.id)}/sort`, { item: { type: 'site-space', id: second.id }, position: {} });
    expect(last.status).toBe(200);
    expect(validateOperationResponse('sortSiteStructure', 200, last.body)).toEqual([]);
    expect((await api.orgs.getSiteStructure(orgId, site.id)).data.structure.map((s) => s.id)).toEqual([first!.id, second.id]);
  });

  it('refuses an anchor that is no sibling (400 naming it), an unknown item or an external link (404), and a body without `item` (400)', async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Refusals', spaces: [spaces[0]!] });
    const [only] = (await api.orgs.getSiteStructure(orgId, site.id)).data.structure;
    const sort = (body: unknown) => raw.patch(`${structurePath(site.id)}/sort`, body);
    const anchorless = await sort({ item: { type: 'site-space', id: only!.id }, position: { before: { type: 'site-section', id: 'nosuchsection0000000' } } });
    expectError(anchorless, 400, /position\.before/);
    expect(validateOperationResponse('sortSiteStructure', 400, anchorless.body)).toEqual([]);
    expectError(await sort({ item: { type: 'site-space', id: 'nosuchsitespace00000' }, position: {} }), 404);
    expectError(await sort({ item: { type: 'site-external-link', id: 'nosuchlink0000000000' }, position: {} }), 404);
    expectError(await sort({ position: {} }), 400, /item/);
  });
});

describe('a site with sections and a group', () => {
  it('reads sections and groups as a tree with their site spaces, and sorts a group before a section', async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Sectioned', spaces: [spaces[0]!] });
    const { data: reference } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: spaces[2]!, title: 'Reference' });
    const { data: guides } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: spaces[1]!, title: 'Guides' });
    const { data: group } = await api.orgs.addSectionGroupToSite(orgId, site.id, { title: 'More', sections: [guides.id] });
    const { data: tree } = await api.orgs.getSiteStructure(orgId, site.id);
    expect(tree.type).toBe('sections');
    const top = tree.structure.map((item) => [item.object, item.id]);
    expect(top).toEqual([
      ['site-section', expect.any(String)],
      ['site-section', reference.id],
      ['site-section-group', group.id],
    ]);
    const shownGroup = tree.structure.find((item) => item.id === group.id);
    expect(shownGroup?.object === 'site-section-group' && shownGroup.sections.map((s) => s.id)).toEqual([guides.id]);

    const { data: moved } = await api.orgs.sortSiteStructure(orgId, site.id, {
      item: { type: 'site-section-group', id: group.id },
      position: { before: { type: 'site-section', id: reference.id } },
    });
    expect(moved).toMatchObject({ object: 'site-section-group', id: group.id });
    const { data: after } = await api.orgs.getSiteStructure(orgId, site.id);
    expect(after.structure.map((item) => item.id)).toEqual([top[0]![1], group.id, reference.id]);
  });

  it('is read by any member and sorted only by those who manage the site; 404 to other organizations', async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Who', spaces: [spaces[0]!] });
    const reader = await buildMember(stack, orgId, 'read');
    const structure = await apiClient(stack, reader.token).get(structurePath(site.id));
    expect(structure.status).toBe(200);
    expect(validateOperationResponse('getSiteStructure', 200, structure.body)).toEqual([]);
    const [only] = structure.body.structure as { id: string }[];
    const refused = await apiClient(stack, reader.token).patch(`${structurePath(site.id)}/sort`, { item: { type: 'site-space', id: only!.id }, position: {} });
    expect(refused.status).toBe(403);
    const stranger = await buildOrganization(stack, 'Site structure stranger');
    expectError(await apiClient(stack, stranger.admin.token).get(structurePath(site.id)), 404);
  });
});

describe("a site space's own customization", () => {
  it("shows the site's settings until overridden, then its overrides over them; null removes one; delete removes all", async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Styled', spaces: [spaces[0]!] });
    const [siteSpace] = (await api.orgs.listSiteSpaces(orgId, site.id)).data.items;
    await api.orgs.updateSiteCustomizationById(orgId, site.id, { styling: { primaryColor: { light: '#112233', dark: '#445566' } } } as never);
    const inherited = (await api.orgs.getSiteSpaceCustomizationById(orgId, site.id, siteSpace!.id)).data;
    expect(inherited.styling.primaryColor).toEqual({ light: '#112233', dark: '#445566' });
    expect(inherited.title).toBe('Styled');

    const { data: overridden } = await api.orgs.overrideSiteSpaceCustomizationById(orgId, site.id, siteSpace!.id, {
      title: 'Styled v2',
      styling: { primaryColor: { light: '#abcdef', dark: '#fedcba' } },
    } as never);
    expect(overridden.title).toBe('Styled v2');
    expect(overridden.styling.primaryColor).toEqual({ light: '#abcdef', dark: '#fedcba' });
    // The site's own settings are untouched.
    expect((await api.orgs.getSiteCustomizationById(orgId, site.id)).data.styling.primaryColor).toEqual({ light: '#112233', dark: '#445566' });

    const { data: titleBack } = await api.orgs.overrideSiteSpaceCustomizationById(orgId, site.id, siteSpace!.id, { title: null } as never);
    expect(titleBack.title).toBe('Styled');
    expect(titleBack.styling.primaryColor).toEqual({ light: '#abcdef', dark: '#fedcba' });

    const bad = await raw.patch(`/v1/orgs/${orgId}/sites/${site.id}/site-spaces/${siteSpace!.id}/customization`, {
      styling: { primaryColor: { light: 'red' } },
    });
    expectError(bad, 400, /styling\.primaryColor/);

    const removed = await raw.delete(`/v1/orgs/${orgId}/sites/${site.id}/site-spaces/${siteSpace!.id}/customization`);
    expect(removed.status).toBe(205);
    await api.orgs.deleteSiteSpaceCustomizationById(orgId, site.id, siteSpace!.id);
    expect((await api.orgs.getSiteSpaceCustomizationById(orgId, site.id, siteSpace!.id)).data.styling.primaryColor).toEqual({
      light: '#112233',
      dark: '#445566',
    });
    expectError(await raw.get(`/v1/orgs/${orgId}/sites/${site.id}/site-spaces/nosuchsitespace00000/customization`), 404);
  });
});
