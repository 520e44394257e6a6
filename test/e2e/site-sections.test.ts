import { expectError, type ApiClient } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Site sections and section groups: create/list/patch/delete/move, the default section rule, paths,
// the embedded spaces, published URLs, the limits of spec §8 and the authorization rules
// (non-member 404, read member 403 on writes, any member lists). Ordering after many moves and the
// one-call embedding are also covered on embedded Postgres in services/sites/test/structure-*.

const stack = currentStack();

type Org = OrgClient;

let org: Org;
let other: Org;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  ({ org, other, reader, editor, creator, outsider } = await buildRoleCast(stack, 'Sections org'));
});

async function createSpace(title: string, owner: Org = org) {
  const res = await owner.api.post(`/v1/orgs/${owner.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body;
}

async function createSite(body: Record<string, unknown> = { title: 'Docs site' }) {
  const res = await org.api.post(`/v1/orgs/${org.id}/sites`, body);
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string };
}

const sitePath = (siteId: string) => `/v1/orgs/${org.id}/sites/${siteId}`;

async function createSection(siteId: string, body: Record<string, unknown>, api: ApiClient = org.api) {
  const res = await api.post(`${sitePath(siteId)}/sections`, body);
  expect(res.status).toBe(201);
  expectOperationResponse('addSectionToSite', 201, res.body);
  return res.body;
}

/** A site with sections made from spaces of the given titles, in order. */
async function siteWithSections(...titles: string[]) {
  const site = await createSite();
  const sections = [];
  for (const title of titles) sections.push(await createSection(site.id, { spaceId: (await createSpace(title)).id }));
  return { site, sections };
}

async function listSections(siteId: string, query = '', api: ApiClient = org.api) {
  const res = await api.get(`${sitePath(siteId)}/sections${query}`);
  expect(res.status).toBe(200);
  expectOperationResponse('listSiteSections', 200, res.body);
  return res.body;
}

const titlesOf = async (siteId: string) => (await listSections(siteId)).items.map((s: { title: string }) => s.title);

describe('POST /v1/orgs/{org}/sites/{siteId}/sections', () => {
  it('creates a default section from a space, embedding the Space as content answers it', async () => {
    const site = await createSite();
    const space = await createSpace('Getting Started!');
    const section = await createSection(site.id, { spaceId: space.id });
    expect(section).toMatchObject({ object: 'site-section', title: 'Getting Started!', path: 'getting-started', default: true, urls: {} });
    expect(section.sectionGroup).toBeUndefined();
    expect(section.siteSpaces).toHaveLength(1);
    const [siteSpace] = section.siteSpaces;
    expect(siteSpace).toMatchObject({ object: 'site-space', section: section.id, path: 'getting-started', title: 'Getting Started!', default: true });
    const direct = await org.api.get(`/v1/spaces/${space.id}`);
    expect(siteSpace.space).toEqual(direct.body);
  });

  it('takes a title and an icon; later sections are not the default and get distinct paths', async () => {
    const site = await createSite();
    await createSection(site.id, { spaceId: (await createSpace('Guides')).id });
    const second = await createSection(site.id, { spaceId: (await createSpace('Other')).id, title: 'Guides', icon: 'book' });
    expect(second).toMatchObject({ title: 'Guides', path: 'guides-2', default: false, icon: 'book' });
    const untitled = await createSection(site.id, { spaceId: (await createSpace('')).id, title: null });
    expect(untitled).toMatchObject({ title: 'Untitled section', path: 'untitled-section' });
    // A creator (the `create` role) manages sections too.
    await createSection(site.id, { spaceId: (await createSpace('By creator')).id }, creator);
  });

  it('gathers the site spaces at the root of a site into a default section of their own first', async () => {
    const rootSpace = await createSpace('Handbook');
    const site = await createSite({ title: 'Company docs', spaces: [rootSpace.id] });
    const added = await createSection(site.id, { spaceId: (await createSpace('API')).id });
    expect(added.default).toBe(false);
    const { items } = await listSections(site.id);
    expect(items.map((s: { title: string; default: boolean }) => [s.title, s.default])).toEqual([
      ['Company docs', true],
      ['API', false],
    ]);
    expect(items[0].siteSpaces.map((s: { space: { id: string } }) => s.space.id)).toEqual([rootSpace.id]);
    const rootLevel = await org.api.get(`${sitePath(site.id)}/site-spaces`);
    expect(rootLevel.body.items.every((s: { section?: string }) => s.section !== undefined)).toBe(true);
  });

  it.each([
    ['spaceId', 'missing', {}],
    ['spaceId', 'empty', { spaceId: '' }],
    ['title', 'of 1 character', { spaceId: 'x', title: 'T' }],
    ['title', 'of 65 characters', { spaceId: 'x', title: 't'.repeat(65) }],
    ['icon', 'of 51 characters', { spaceId: 'x', icon: 'i'.repeat(51) }],
    ['body', 'with an unknown field', { spaceId: 'x', colour: 'red' }],
  ])('answers 400 naming "%s" when it is %s', async (field, _what, body) => {
    const site = await createSite();
    expectError(await org.api.post(`${sitePath(site.id)}/sections`, body), 400, new RegExp(`"${field}"`));
  });

  it('accepts a title of 64 characters', async () => {
    const site = await createSite();
    const section = await createSection(site.id, { spaceId: (await createSpace('S')).id, title: 't'.repeat(64) });
    expect(section.title).toBe('t'.repeat(64));
  });

  it('answers 400 naming spaceId for a space of another organization, an unknown or deleted one, and 409 for a space already on the site', async () => {
    const site = await createSite();
    const foreign = await createSpace('Foreign', other);
    expectError(await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: foreign.id }), 400, /"spaceId"/);
    expectError(await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: 'noSuchSpace000000000' }), 400, /"spaceId"/);
    const deleted = await createSpace('Deleted');
    expect((await org.api.delete(`/v1/spaces/${deleted.id}`)).status).toBe(205);
    expectError(await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: deleted.id }), 400, /"spaceId"/);
    const once = await createSpace('Once');
    await createSection(site.id, { spaceId: once.id });
    expectError(await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: once.id }), 409, /"spaceId"/);
  });

  it('needs the create role: 403 for edit and read members, 404 for a non-member or a site of another organization', async () => {
    const site = await createSite();
    const space = await createSpace('Access');
    expectError(await editor.post(`${sitePath(site.id)}/sections`, { spaceId: space.id }), 403);
    expectError(await reader.post(`${sitePath(site.id)}/sections`, { spaceId: space.id }), 403);
    expectError(await outsider.post(`${sitePath(site.id)}/sections`, { spaceId: space.id }), 404);
    expectError(await other.api.post(`/v1/orgs/${other.id}/sites/${site.id}/sections`, { spaceId: space.id }), 404);
    expectError(await org.api.post(`${sitePath('noSuchSite0000000000')}/sections`, { spaceId: space.id }), 404);
  });
});

describe('GET /v1/orgs/{org}/sites/{siteId}/sections', () => {
  it('lists sections in order with their site spaces for any member, paginated; 404 for a non-member', async () => {
    const { site, sections } = await siteWithSections('One', 'Two', 'Three');
    const all = await listSections(site.id, '', reader);
    expect(all.count).toBe(3);
    expect(all.items.map((s: { id: string }) => s.id)).toEqual(sections.map((s) => s.id));
    const first = await listSections(site.id, '?limit=2');
    const second = await listSections(site.id, `?limit=2&page=${encodeURIComponent(first.next.page)}`);
    expect([...first.items, ...second.items].map((s: { id: string }) => s.id)).toEqual(sections.map((s) => s.id));
    expect(second.next).toBeUndefined();
    expectError(await outsider.get(`${sitePath(site.id)}/sections`), 404);
    expectError(await org.api.get(`${sitePath(site.id)}/sections?limit=1001`), 400, /"limit"/);
  });

  it('leaves out a site space whose space is deleted in content', async () => {
    const { site, sections } = await siteWithSections('Kept', 'Gone');
    const goneSpace = sections[1].siteSpaces[0].space.id;
    expect((await org.api.delete(`/v1/spaces/${goneSpace}`)).status).toBe(205);
    const { items } = await listSections(site.id);
    expect(items[1].siteSpaces).toEqual([]);
    expect(items[0].siteSpaces).toHaveLength(1);
  });

  it('gives published URLs once the site is published, with the share key of a share-link site', async () => {
    const { site, sections } = await siteWithSections('Home', 'Reference');
    expect(sections[1].urls.published).toBeUndefined();
    const published = await org.api.post(`${sitePath(site.id)}/publish`);
    expect(published.status).toBe(200);
    const siteUrl: string = published.body.urls.published;
    const { items } = await listSections(site.id);
    expect(items[0].urls.published).toBe(siteUrl);
    expect(items[1].urls.published).toBe(`${siteUrl}reference`);
    expect(items[1].siteSpaces[0].urls.published).toBe(`${siteUrl}reference`);

    expect((await org.api.patch(sitePath(site.id), { visibility: 'share-link' })).status).toBe(200);
    const link = await org.api.post(`${sitePath(site.id)}/share-links`, { name: 'Partners' });
    expect(link.status).toBe(201);
    const shareKey = new URL(link.body.urls.published).searchParams.get('share_key') as string;
    const shared = await listSections(site.id, `?shareKey=${encodeURIComponent(shareKey)}`);
    expect(new URL(shared.items[1].urls.published).searchParams.get('share_key')).toBe(shareKey);
    const unknownKey = await listSections(site.id, '?shareKey=notAKey');
    expect(unknownKey.items[1].urls.published).toBe(`${siteUrl}reference`);
  });
});

describe('PATCH /v1/orgs/{org}/sites/{siteId}/sections/{sectionId}', () => {
  it('changes title, path, icon, description, condition (omitted: unchanged, null: removed) and the default site space', async () => {
    const { site, sections } = await siteWithSections('Guides');
    const path = `${sitePath(site.id)}/sections/${sections[0].id}`;
    const variant = await org.api.post(`${sitePath(site.id)}/site-spaces`, { spaceId: (await createSpace('Guides v2')).id, sectionId: sections[0].id });
    expect(variant.status).toBe(201);

    const res = await org.api.patch(path, {
      title: 'User guides',
      path: 'user-guides',
      icon: 'book',
      description: 'How to',
      condition: 'visitor.claims.beta',
      defaultSiteSpace: variant.body.id,
    });
    expect(res.status).toBe(200);
    expectOperationResponse('updateSiteSectionById', 200, res.body);
    expect(res.body).toMatchObject({ title: 'User guides', path: 'user-guides', icon: 'book', description: 'How to', condition: 'visitor.claims.beta' });
    expect(res.body.siteSpaces.map((s: { id: string; default: boolean }) => [s.id, s.default])).toEqual([
      [sections[0].siteSpaces[0].id, false],
      [variant.body.id, true],
    ]);

    const unchanged = await org.api.patch(path, { title: 'Guides again' });
    expect(unchanged.body).toMatchObject({ title: 'Guides again', condition: 'visitor.claims.beta', icon: 'book' });
    const removed = await org.api.patch(path, { condition: null, icon: null, description: null });
    expectOperationResponse('updateSiteSectionById', 200, removed.body);
    expect(removed.body.condition).toBeUndefined();
    expect(removed.body.icon).toBeUndefined();
    expect(removed.body.description).toBeUndefined();
  });

  it.each([
    ['title', 'of 1 character', { title: 'T' }],
    ['title', 'of 129 characters', { title: 't'.repeat(129) }],
    ['path', 'empty', { path: '' }],
    ['path', 'of 101 characters', { path: 'p'.repeat(101) }],
    ['path', 'not a URL segment', { path: 'with space' }],
    ['condition', 'empty', { condition: '' }],
    ['condition', 'of 1025 characters', { condition: 'c'.repeat(1025) }],
    ['description', 'of 257 characters', { description: 'd'.repeat(257) }],
    ['icon', 'of 51 characters', { icon: 'i'.repeat(51) }],
    ['body', 'with an unknown field', { sectionGroup: 'x' }],
  ])('answers 400 naming "%s" when it is %s', async (field, _what, body) => {
    const { site, sections } = await siteWithSections('Limits');
    expectError(await org.api.patch(`${sitePath(site.id)}/sections/${sections[0].id}`, body), 400, new RegExp(`"${field}"`));
  });

  it('accepts the longest values', async () => {
    const { site, sections } = await siteWithSections('Longest');
    const body = { title: 't'.repeat(128), path: 'p'.repeat(100), condition: 'c'.repeat(1024), description: 'd'.repeat(256), icon: 'i'.repeat(50) };
    const res = await org.api.patch(`${sitePath(site.id)}/sections/${sections[0].id}`, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(body);
  });

  it('answers 409 for a path of another section, 400 for a default site space of another section, 404 for an unknown section', async () => {
    const { site, sections } = await siteWithSections('First', 'Second');
    expectError(await org.api.patch(`${sitePath(site.id)}/sections/${sections[1].id}`, { path: 'first' }), 409, /"path"/);
    expectError(
      await org.api.patch(`${sitePath(site.id)}/sections/${sections[1].id}`, { defaultSiteSpace: sections[0].siteSpaces[0].id }),
      400,
      /"defaultSiteSpace"/,
    );
    expectError(await org.api.patch(`${sitePath(site.id)}/sections/noSuchSection0000000`, { title: 'Nope' }), 404);
  });

  it('is for members with the create role', async () => {
    const { site, sections } = await siteWithSections('Guarded');
    const path = `${sitePath(site.id)}/sections/${sections[0].id}`;
    expectError(await reader.patch(path, { title: 'No' }), 403);
    expectError(await editor.patch(path, { title: 'No' }), 403);
    expectError(await outsider.patch(path, { title: 'No' }), 404);
    expect((await creator.patch(path, { title: 'Yes' })).status).toBe(200);
  });
});

describe('DELETE /v1/orgs/{org}/sites/{siteId}/sections/{sectionId}', () => {
  it('deletes with 205 (204 when already gone) and makes the first remaining section the default', async () => {
    const { site, sections } = await siteWithSections('One', 'Two', 'Three');
    const path = `${sitePath(site.id)}/sections/${sections[0].id}`;
    expectError(await reader.delete(path), 403);
    expectError(await outsider.delete(path), 404);
    const res = await org.api.delete(path);
    expect(res.status).toBe(205);
    expectOperationResponse('deleteSiteSectionById', 205, res.text);
    const again = await org.api.delete(path);
    expect(again.status).toBe(204);
    expectOperationResponse('deleteSiteSectionById', 204, again.text);
    const { items } = await listSections(site.id);
    expect(items.map((s: { title: string; default: boolean }) => [s.title, s.default])).toEqual([
      ['Two', true],
      ['Three', false],
    ]);
    // Its site spaces went with it.
    const siteSpaces = await org.api.get(`${sitePath(site.id)}/site-spaces`);
    expect(siteSpaces.body.count).toBe(2);
  });
});

describe('POST /v1/orgs/{org}/sites/{siteId}/sections/{sectionId}/move', () => {
  it('moves before, after, between and to the end, keeping the order over several moves', async () => {
    const { site, sections } = await siteWithSections('Aa', 'Bb', 'Cc', 'Dd');
    const [a, b, c, d] = sections.map((s) => s.id);
    const move = async (id: string, body: Record<string, unknown>) => {
      const res = await org.api.post(`${sitePath(site.id)}/sections/${id}/move`, body);
      expect(res.status).toBe(200);
      expectOperationResponse('moveSiteSection', 200, res.body);
      return res.body;
    };
    const pointer = (id: string) => ({ type: 'site-section', siteSection: id });
    await move(d as string, { position: { before: pointer(a as string) } });
    expect(await titlesOf(site.id)).toEqual(['Dd', 'Aa', 'Bb', 'Cc']);
    await move(a as string, { position: { after: pointer(c as string) } });
    expect(await titlesOf(site.id)).toEqual(['Dd', 'Bb', 'Cc', 'Aa']);
    await move(d as string, {});
    expect(await titlesOf(site.id)).toEqual(['Bb', 'Cc', 'Aa', 'Dd']);
    await move(b as string, { position: { after: pointer(a as string), before: pointer(d as string) } });
    expect(await titlesOf(site.id)).toEqual(['Cc', 'Aa', 'Bb', 'Dd']);
    // Moves do not change the default section.
    expect((await listSections(site.id)).items.find((s: { default: boolean }) => s.default).title).toBe('Aa');

    expectError(
      await org.api.post(`${sitePath(site.id)}/sections/${a}/move`, { position: { before: pointer('noSuchSection0000000') } }),
      400,
      /"position\.before"/,
    );
    expectError(await org.api.post(`${sitePath(site.id)}/sections/${a}/move`, { position: { after: pointer(a as string) } }), 400, /"position\.after"/);
    expectError(
      await org.api.post(`${sitePath(site.id)}/sections/${a}/move`, { position: { after: pointer(d as string), before: pointer(c as string) } }),
      400,
      /"position"/,
    );
    expectError(
      await org.api.post(`${sitePath(site.id)}/sections/${a}/move`, { position: { before: { type: 'site-space', siteSpace: b } } }),
      400,
      /"position\.before/,
    );
    expectError(await reader.post(`${sitePath(site.id)}/sections/${a}/move`, {}), 403);
    expectError(await outsider.post(`${sitePath(site.id)}/sections/${a}/move`, {}), 404);
    expectError(await org.api.post(`${sitePath(site.id)}/sections/noSuchSection0000000/move`, {}), 404);
  });
});

describe('site section groups', () => {
  const groupsPath = (siteId: string) => `${sitePath(siteId)}/section-groups`;

  async function createGroup(siteId: string, body: Record<string, unknown>) {
    const res = await org.api.post(groupsPath(siteId), body);
    expect(res.status).toBe(201);
    expectOperationResponse('addSectionGroupToSite', 201, res.body);
    return res.body;
  }

  it('creates a group of sections in the order given, at the place of its first section', async () => {
    const { site, sections } = await siteWithSections('Aa', 'Bb', 'Cc', 'Dd');
    const [, b, c] = sections.map((s) => s.id);
    const group = await createGroup(site.id, { title: 'Products', icon: 'box', sections: [c, b] });
    expect(group).toMatchObject({ object: 'site-section-group', title: 'Products', icon: 'box' });
    expect(group.sections.map((s: { id: string; sectionGroup: string }) => [s.id, s.sectionGroup])).toEqual([
      [c, group.id],
      [b, group.id],
    ]);
    expect(group.children).toEqual(group.sections);
    expect(group.sections[0].siteSpaces[0].space.title).toBe('Cc');
    // C was after B at the top level: the group stands where C was.
    expect(await titlesOf(site.id)).toEqual(['Aa', 'Cc', 'Bb', 'Dd']);
    const empty = await createGroup(site.id, { title: 'E' });
    expect(empty.sections).toEqual([]);
  });

  it.each([
    ['title', 'missing', {}],
    ['title', 'empty', { title: '' }],
    ['title', 'of 101 characters', { title: 't'.repeat(101) }],
    ['icon', 'of 51 characters', { title: 'G', icon: 'i'.repeat(51) }],
    ['sections.0', 'not a section of the site', { title: 'G', sections: ['noSuchSection0000000'] }],
    ['body', 'with an unknown field', { title: 'G', parent: 'x' }],
  ])('answers 400 naming "%s" when it is %s', async (field, _what, body) => {
    const site = await createSite();
    expectError(await org.api.post(groupsPath(site.id), body), 400, new RegExp(`"${field.replace('.', '\\.')}"`));
  });

  it('lists groups for any member, and answers 403 to readers and 404 to non-members on writes', async () => {
    const { site, sections } = await siteWithSections('Aa', 'Bb');
    const group = await createGroup(site.id, { title: 'G1', sections: [sections[1].id] });
    await createGroup(site.id, { title: 'G2 with a title of one hundred characters'.padEnd(100, '.') });
    const res = await reader.get(groupsPath(site.id));
    expect(res.status).toBe(200);
    expectOperationResponse('listSiteSectionGroups', 200, res.body);
    expect(res.body.items.map((g: { title: string }) => g.title)[0]).toBe('G1');
    expect(res.body.items[0].sections[0].id).toBe(sections[1].id);
    const paged = await org.api.get(`${groupsPath(site.id)}?limit=1`);
    expect(paged.body).toMatchObject({ count: 2, items: [{ id: group.id }] });
    expect(paged.body.next).toBeDefined();
    expectError(await outsider.get(groupsPath(site.id)), 404);
    expectError(await reader.post(groupsPath(site.id), { title: 'No' }), 403);
    expectError(await editor.post(groupsPath(site.id), { title: 'No' }), 403);
    expectError(await outsider.post(groupsPath(site.id), { title: 'No' }), 404);
    expectError(await reader.patch(`${groupsPath(site.id)}/${group.id}`, { title: 'No' }), 403);
    expectError(await reader.delete(`${groupsPath(site.id)}/${group.id}`), 403);
    expectError(await reader.post(`${groupsPath(site.id)}/${group.id}/sections`, { sectionId: sections[0].id }), 403);
    expectError(await reader.delete(`${groupsPath(site.id)}/${group.id}/sections/${sections[1].id}`), 403);
    expectError(await reader.post(`${groupsPath(site.id)}/${group.id}/move`, {}), 403);
  });

  it('renames a group and sets or removes its icon', async () => {
    const site = await createSite();
    const group = await createGroup(site.id, { title: 'Old', icon: 'box' });
    const path = `${groupsPath(site.id)}/${group.id}`;
    const renamed = await org.api.patch(path, { title: 'New' });
    expect(renamed.status).toBe(200);
    expectOperationResponse('updateSiteSectionGroupById', 200, renamed.body);
    expect(renamed.body).toMatchObject({ title: 'New', icon: 'box' });
    const noIcon = await org.api.patch(path, { icon: null });
    expect(noIcon.body.icon).toBeUndefined();
    expectError(await org.api.patch(path, { title: '' }), 400, /"title"/);
    expectError(await org.api.patch(path, { icon: 'i'.repeat(51) }), 400, /"icon"/);
    expectError(await org.api.patch(`${groupsPath(site.id)}/noSuchGroup000000000`, { title: 'X' }), 404);
  });

  it('adds a section to a group (201) and takes it out (205, then 204), right after the group', async () => {
    const { site, sections } = await siteWithSections('Aa', 'Bb', 'Cc');
    const [a, b, c] = sections.map((s) => s.id as string);
    const group = await createGroup(site.id, { title: 'G', sections: [a] });
    const added = await org.api.post(`${groupsPath(site.id)}/${group.id}/sections`, { sectionId: c });
    expect(added.status).toBe(201);
    expectOperationResponse('addSectionToGroup', 201, added.body);
    expect(added.body.sections.map((s: { id: string }) => s.id)).toEqual([a, c]);
    expect(await titlesOf(site.id)).toEqual(['Aa', 'Cc', 'Bb']);
    expectError(await org.api.post(`${groupsPath(site.id)}/${group.id}/sections`, {}), 400, /"sectionId"/);
    expectError(await org.api.post(`${groupsPath(site.id)}/${group.id}/sections`, { sectionId: 'noSuchSection0000000' }), 400, /"sectionId"/);
    expectError(await org.api.post(`${groupsPath(site.id)}/noSuchGroup000000000/sections`, { sectionId: b }), 404);

    const removed = await org.api.delete(`${groupsPath(site.id)}/${group.id}/sections/${a}`);
    expect(removed.status).toBe(205);
    expectOperationResponse('removeSectionFromGroup', 205, removed.text);
    const notIn = await org.api.delete(`${groupsPath(site.id)}/${group.id}/sections/${a}`);
    expect(notIn.status).toBe(204);
    expectOperationResponse('removeSectionFromGroup', 204, notIn.text);
    const { items } = await listSections(site.id);
    expect(items.map((s: { title: string; sectionGroup?: string }) => [s.title, s.sectionGroup ?? null])).toEqual([
      ['Cc', group.id],
      ['Aa', null],
      ['Bb', null],
    ]);
  });

  it('moves a group among the top-level sections and groups', async () => {
    const { site, sections } = await siteWithSections('Aa', 'Bb', 'Cc');
    const [a, b, c] = sections.map((s) => s.id as string);
    const group = await createGroup(site.id, { title: 'G', sections: [b] });
    const move = async (body: Record<string, unknown>) => {
      const res = await org.api.post(`${groupsPath(site.id)}/${group.id}/move`, body);
      expect(res.status).toBe(200);
      expectOperationResponse('moveSiteSectionGroup', 200, res.body);
    };
    await move({ position: { before: { type: 'site-section', id: a } } });
    expect(await titlesOf(site.id)).toEqual(['Bb', 'Aa', 'Cc']);
    await move({});
    expect(await titlesOf(site.id)).toEqual(['Aa', 'Cc', 'Bb']);
    const second = await createGroup(site.id, { title: 'H' });
    await move({ position: { after: { type: 'site-section', id: a } } });
    expect(await titlesOf(site.id)).toEqual(['Aa', 'Bb', 'Cc']);
    await move({ position: { after: { type: 'site-section-group', id: second.id } } });
    expect(await titlesOf(site.id)).toEqual(['Aa', 'Cc', 'Bb']);
    // A section inside a group is not a top-level item.
    expectError(
      await org.api.post(`${groupsPath(site.id)}/${second.id}/move`, { position: { before: { type: 'site-section', id: b } } }),
      400,
      /"position\.before"/,
    );
    expectError(
      await org.api.post(`${groupsPath(site.id)}/${group.id}/move`, { position: { before: { type: 'site-space', id: c } } }),
      400,
      /"position\.before/,
    );
    expectError(await org.api.post(`${groupsPath(site.id)}/noSuchGroup000000000/move`, {}), 404);
  });

  it('deletes a group (205, then 204), its sections staying where it was', async () => {
    const { site, sections } = await siteWithSections('Aa', 'Bb', 'Cc', 'Dd');
    const [, b, c] = sections.map((s) => s.id as string);
    const group = await createGroup(site.id, { title: 'G', sections: [c, b] });
    expect(await titlesOf(site.id)).toEqual(['Aa', 'Cc', 'Bb', 'Dd']);
    const res = await org.api.delete(`${groupsPath(site.id)}/${group.id}`);
    expect(res.status).toBe(205);
    expectOperationResponse('deleteSiteSectionGroupById', 205, res.text);
    const again = await org.api.delete(`${groupsPath(site.id)}/${group.id}`);
    expect(again.status).toBe(204);
    const { items } = await listSections(site.id);
    expect(items.map((s: { title: string; sectionGroup?: string }) => [s.title, s.sectionGroup ?? null])).toEqual([
      ['Aa', null],
      ['Cc', null],
      ['Bb', null],
      ['Dd', null],
    ]);
  });
});
