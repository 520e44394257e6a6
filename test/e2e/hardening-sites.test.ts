import { expectError, type ApiClient, type ApiResponse } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Hostile-input regression tests for the sites service: NUL in stored texts and ids (A1, A2),
// lengths in code points (A7), `limit=0` (A8), deeply nested adaptive schemas (A14), share links
// only for members who manage the site (A15) and the published profile as a members' preview (A16).
// The bracketed labels name the describe blocks below.

const stack = currentStack();

let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  ({ org, reader, editor, creator, outsider } = await buildRoleCast(stack, 'Sites hardening org'));
});

const sitesPath = () => `/v1/orgs/${org.id}/sites`;
const sitePath = (siteId: string) => `${sitesPath()}/${siteId}`;
const EMOJI = '\u{1F600}';

async function createSite(body: Record<string, unknown> = {}): Promise<{ id: string }> {
  const res = await org.api.post(sitesPath(), body);
  expect(res.status).toBe(201);
  expectOperationResponse('createSite', 201, res.body);
  return res.body;
}

async function createSpace(title: string): Promise<{ id: string }> {
  const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body;
}

/** A 400 or 404 with the error shape: anything but a 500. */
function expectRefused(res: ApiResponse): void {
  expect([400, 404]).toContain(res.status);
  expectError(res, res.status);
}

describe('NUL characters (A1, A2)', () => {
  it('refuses NUL in a site title, section title, section group title and share link name with 400 naming the field', async () => {
    expectError(await org.api.post(sitesPath(), { title: 'a\u0000b' }), 400, /"title".*NUL/);
    const site = await createSite({ title: 'NUL checks' });
    expectError(await org.api.patch(sitePath(site.id), { title: 'a\u0000b' }), 400, /"title".*NUL/);

    const space = await createSpace('NUL space');
    expectError(await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: space.id, title: 'a\u0000b' }), 400, /"title".*NUL/);
    const section = await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: space.id });
    expect(section.status).toBe(201);
    expectError(await org.api.patch(`${sitePath(site.id)}/sections/${section.body.id}`, { title: 'a\u0000b' }), 400, /"title".*NUL/);
    expectError(await org.api.patch(`${sitePath(site.id)}/sections/${section.body.id}`, { description: '\u0000' }), 400, /"description"/);

    expectError(await org.api.post(`${sitePath(site.id)}/section-groups`, { title: 'a\u0000b' }), 400, /"title".*NUL/);
    const group = await org.api.post(`${sitePath(site.id)}/section-groups`, { title: 'Group' });
    expect(group.status).toBe(201);
    expectError(await org.api.patch(`${sitePath(site.id)}/section-groups/${group.body.id}`, { title: 'a\u0000b' }), 400, /"title".*NUL/);
    expectError(await org.api.patch(`${sitePath(site.id)}/section-groups/${group.body.id}`, { icon: 'g\u0000' }), 400, /"icon".*NUL/);

    expectError(await org.api.post(`${sitePath(site.id)}/share-links`, { name: 'a\u0000b' }), 400, /"name".*NUL/);
    const link = await org.api.post(`${sitePath(site.id)}/share-links`, { name: 'Link' });
    expect(link.status).toBe(201);
    expectError(await org.api.patch(`${sitePath(site.id)}/share-links/${link.body.id}`, { name: 'a\u0000b' }), 400, /"name".*NUL/);
  });

  it('answers %00 in a filter or a path id with 400 or 404, never 500', async () => {
    expectRefused(await org.api.get(`${sitesPath()}?space=%00`));
    expectRefused(await org.api.get(`${sitesPath()}?title=%00`));
    expectError(await org.api.get(`${sitesPath()}/%00`), 404);
    expectError(await org.api.get(`/v1/orgs/%00/sites`), 404);
    const site = await createSite({ title: 'Path ids' });
    for (const path of ['sections', 'section-groups', 'site-spaces', 'share-links']) {
      expectError(await org.api.patch(`${sitePath(site.id)}/${path}/%00`, {}), 404);
      expectError(await org.api.delete(`${sitePath(site.id)}/${path}/%00`), 404);
    }
    expectRefused(await org.api.get(`${sitePath(site.id)}/published?shareKey=%00`));
    expectRefused(await org.api.get(`${sitePath(site.id)}/sections?shareKey=%00`));
  });
});

describe('lengths in code points (A7)', () => {
  it('counts an emoji as one character in a site title (2..128)', async () => {
    expectError(await org.api.post(sitesPath(), { title: EMOJI }), 400, /"title".*at least 2/);
    const site = await createSite({ title: EMOJI.repeat(2) });
    expect((await org.api.get(sitePath(site.id))).body.title).toBe(EMOJI.repeat(2));
    expect((await org.api.patch(sitePath(site.id), { title: EMOJI.repeat(128) })).status).toBe(200);
    expectError(await org.api.patch(sitePath(site.id), { title: EMOJI.repeat(129) }), 400, /"title".*at most 128/);
  });

  it('takes 50 emoji as a share link name and refuses 51', async () => {
    const site = await createSite({ title: 'Emoji links' });
    const res = await org.api.post(`${sitePath(site.id)}/share-links`, { name: EMOJI.repeat(50) });
    expect(res.status).toBe(201);
    expectOperationResponse('createSiteShareLink', 201, res.body);
    expectError(await org.api.post(`${sitePath(site.id)}/share-links`, { name: EMOJI.repeat(51) }), 400, /"name".*at most 50/);
  });
});

describe('limit=0 (A8)', () => {
  it('answers no items with the true count on every sites list', async () => {
    const site = await createSite({ title: 'Limit zero' });
    const space = await createSpace('Limit space');
    expect((await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: space.id })).status).toBe(201);
    expect((await org.api.post(`${sitePath(site.id)}/section-groups`, { title: 'Group' })).status).toBe(201);
    expect((await org.api.post(`${sitePath(site.id)}/share-links`, { name: 'Link' })).status).toBe(201);

    const sites = await org.api.get(`${sitesPath()}?limit=0`);
    expect(sites.status).toBe(200);
    expectOperationResponse('listSites', 200, sites.body);
    expect(sites.body.items).toEqual([]);
    expect(sites.body.count).toBe((await org.api.get(sitesPath())).body.items.length);
    expect(sites.body.count).toBeGreaterThan(0);

    for (const [path, operationId] of [
      ['sections', 'listSiteSections'],
      ['section-groups', 'listSiteSectionGroups'],
      ['site-spaces', 'listSiteSpaces'],
      ['share-links', 'listSiteShareLinks'],
    ] as const) {
      const res = await org.api.get(`${sitePath(site.id)}/${path}?limit=0`);
      expect(res.status).toBe(200);
      expectOperationResponse(operationId, 200, res.body);
      expect(res.body).toEqual({ count: 1, items: [] });
    }
    expectError(await org.api.get(`${sitesPath()}?limit=1001`), 400, /"limit"/);
    expectError(await org.api.get(`${sitesPath()}?limit=-1`), 400, /"limit"/);
  });
});

describe('adaptive schema depth (A14)', () => {
  /** Object claims nested `levels` deep under one top-level claim. */
  function nestedSchema(levels: number) {
    let claim: Record<string, unknown> = { type: 'boolean', description: 'leaf' };
    for (let i = 0; i < levels; i++) claim = { type: 'object', description: `level ${i}`, properties: { inner: claim }, additionalProperties: false };
    return { type: 'object', properties: { top: claim }, additionalProperties: false };
  }

  it('refuses a schema nested deeper than 32 levels with a 400 naming the limit', async () => {
    const site = await createSite({ title: 'Deep schema' });
    const path = `${sitePath(site.id)}/adaptive-schema`;
    const ok = await org.api.put(path, { jsonSchema: nestedSchema(14) });
    expect(ok.status).toBe(200);
    expectOperationResponse('updateSiteAdaptiveSchema', 200, ok.body);
    expectError(await org.api.put(path, { jsonSchema: nestedSchema(16) }), 400, /"jsonSchema": nested more than 32 levels/);

    // What the fuzz run sent: nesting deep enough to exhaust a recursive check's stack (written
    // as text, since JSON.stringify would exhaust the test's own stack).
    const levels = 3000;
    const rawBody = `{"jsonSchema":{"type":"object","properties":{"top":${'{"type":"object","description":"d","properties":{"a":'.repeat(levels)}{"type":"boolean","description":"leaf"}${'},"additionalProperties":false}'.repeat(levels)}},"additionalProperties":false}}`;
    const res = await org.api.request('PUT', path, { rawBody, headers: { 'content-type': 'application/json' } });
    // Deeper than any body may be (64 levels): refused before it is parsed.
    expectError(res, 400, /nested deeper than the limit of 64 levels/);
    expect(res.body.error.message).not.toMatch(/call stack/i);
    // The stored schema is still the one that passed.
    expect((await org.api.get(path)).body.jsonSchema).toEqual(nestedSchema(14));
  });
});

describe('share links need the role that manages the site (A15)', () => {
  it('answers 403 to read and edit members, 404 to non-members, the list to create members', async () => {
    const site = await createSite({ title: 'Secret keys', visibility: 'share-link' });
    expect((await org.api.post(`${sitePath(site.id)}/share-links`, { name: 'Partners' })).status).toBe(201);
    for (const api of [reader, editor]) expectError(await api.get(`${sitePath(site.id)}/share-links`), 403, /create role/);
    expectError(await outsider.get(`${sitePath(site.id)}/share-links`), 404);
    const res = await creator.get(`${sitePath(site.id)}/share-links`);
    expect(res.status).toBe(200);
    expectOperationResponse('listSiteShareLinks', 200, res.body);
    expect(res.body.count).toBe(1);
  });
});

describe('published profile preview (A16)', () => {
  it("gives the site's members the profile of an unpublished site with published: false; non-members get 404", async () => {
    const space = await createSpace('Preview space');
    const site = await createSite({ title: 'Preview', spaces: [space.id] });
    for (const api of [reader, editor, creator, org.api]) {
      const res = await api.get(`${sitePath(site.id)}/published`);
      expect(res.status).toBe(200);
      expectOperationResponse('getPublishedContentSite', 200, res.body);
      expect(res.body.site).toMatchObject({ id: site.id, published: false });
      expect(res.body.structure.structure.map((s: { space: { id: string } }) => s.space.id)).toEqual([space.id]);
    }
    expectError(await outsider.get(`${sitePath(site.id)}/published`), 404);
    expectError(await org.api.get(`${sitesPath()}/noSuchSite0000000000/published`), 404);

    expect((await org.api.post(`${sitePath(site.id)}/publish`)).status).toBe(200);
    const published = await reader.get(`${sitePath(site.id)}/published`);
    expect(published.status).toBe(200);
    expect(published.body.site.published).toBe(true);
    expectError(await outsider.get(`${sitePath(site.id)}/published`), 404);
  });
});
