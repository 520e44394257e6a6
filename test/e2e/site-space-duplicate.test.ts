import type { GitBookAPI } from 'gitbook-api-0202';
import { validateOperationResponse } from '../support/reference';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization } from '../support/factories';
import { currentStack } from '../support/stack';

// 0.202.0 duplicateSiteSpace: content copies the site space's space, and the copy joins the site as
// a variant next to it, or in a new section when it was its section's only variant.

const stack = currentStack();
const TODAY = { reference: '0.202.0' } as const;
const ledger = new TodayLedger(stack);
let orgId: string;
let api: GitBookAPI;
let raw: ApiClient;
let spaces: string[];

const duplicatePath = (siteId: string, siteSpaceId: string) => `/v1/orgs/${orgId}/sites/${siteId}/site-spaces/${siteSpaceId}/duplicate`;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Duplicate site space org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  spaces = [];
  for (const title of ['Home', 'Guides', 'Extra']) spaces.push((await api.orgs.createSpace(orgId, { title })).data.id);
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('duplicateSiteSpace', () => {
  it("puts the copy of a section's only variant in a new section, and a copy of one with siblings next to it", async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Copies', spaces: [spaces[0]!] });
    const { data: guides } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: spaces[1]!, title: 'Guides' });
    const [onlyVariant] = guides.siteSpaces;
    const res = await raw.post(duplicatePath(site.id, onlyVariant!.id), {});
    expect(res.status).toBe(201);
    expect(validateOperationResponse('duplicateSiteSpace', 201, res.body, TODAY)).toEqual([]);
    expect(res.headers.get('location')).toMatch(new RegExp(`/site-spaces/${res.body.id}$`));
    expect(res.body).toMatchObject({ object: 'site-space', space: { object: 'space' } });
    expect(res.body.space.id).not.toBe(spaces[1]);
    const { data: sections } = await api.orgs.listSiteSections(orgId, site.id);
    expect(sections.items).toHaveLength(3);
    const added = sections.items.find((s) => s.siteSpaces.some((ss) => ss.id === res.body.id));
    expect(added?.id).not.toBe(guides.id);

    // The Guides section now has one variant, its copy's section one too; a second variant first.
    await api.orgs.addSpaceToSite(orgId, site.id, { spaceId: spaces[2]!, sectionId: guides.id });
    const { data: copy } = await api.orgs.duplicateSiteSpace(orgId, site.id, onlyVariant!.id, { draft: false });
    const { data: after } = await api.orgs.listSiteSections(orgId, site.id);
    expect(after.items).toHaveLength(3);
    expect(after.items.find((s) => s.id === guides.id)?.siteSpaces.map((s) => s.id)).toContain(copy.id);
  });

  it('refuses those who do not manage the site (403), an unknown site space (404) and unknown fields (400)', async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Refused copies', spaces: [spaces[0]!] });
    const [siteSpace] = (await api.orgs.listSiteSpaces(orgId, site.id)).data.items;
    const reader = apiClient(stack, (await buildMember(stack, orgId, 'read')).token);
    expectError(await reader.post(duplicatePath(site.id, siteSpace!.id), {}), 403);
    expectError(await raw.post(duplicatePath(site.id, 'nosuchsitespace00000'), {}), 404);
    expectError(await raw.post(duplicatePath(site.id, siteSpace!.id), { copies: 2 }), 400, /copies/);
    expect((await api.orgs.listSiteSpaces(orgId, site.id)).data.items).toHaveLength(1);
  });
});
