import type { PageRequest } from '@quire/input';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { addSectionWithSpace as createSection } from '../src/modules/sites/application/create-section';
import { deleteSection as deleteSectionUseCase } from '../src/modules/sites/application/delete-section';
import { updateSection as updateSectionUseCase } from '../src/modules/sites/application/update-section';
import { ensureSiteDefaults } from '../src/modules/sites/application/ensure-site-defaults';
import { placeSpaceOnSite as addSiteSpace } from '../src/modules/sites/application/add-site-space';
import { deleteSiteSpace as deleteSiteSpaceUseCase } from '../src/modules/sites/application/delete-site-space';
import { updateSiteSpace as updateSiteSpaceUseCase } from '../src/modules/sites/application/update-site-space';
import { listAllSections, listSectionRows } from '../src/modules/sites/store/sections.store';
import { listAllSiteSpaces, listSiteSpacesIn } from '../src/modules/sites/store/site-spaces.store';
import type { Site } from '../src/modules/sites/model/site';
import { asAdmin, insertSiteRow, openStructureDb, siteEventTypes } from './structure-db';

// "Exactly one default where the spec implies one", paths and parents of new site spaces, on
// embedded Postgres.

const now = new Date('2026-02-01T00:00:00Z');
const deleteSection = asAdmin(deleteSectionUseCase, (r) => r);
const updateSection = asAdmin(updateSectionUseCase, (r) => r.section);
const deleteSiteSpace = asAdmin(deleteSiteSpaceUseCase, (r) => r);
const updateSiteSpace = asAdmin(updateSiteSpaceUseCase, (r) => r.siteSpace);
const everything: PageRequest = { limit: 1000, offset: 0 };

describe('site structure defaults and paths', () => {
  let db: PgliteDatabase;
  let site: Site;
  let spaceCount = 0;
  beforeAll(async () => {
    db = await openStructureDb();
  });
  beforeEach(async () => {
    site = await insertSiteRow(db, 'Product docs');
  });
  afterAll(async () => {
    await db.close();
  });

  const space = (title: string) => ({ id: `space${++spaceCount}`, title });
  const section = (title: string, spaceTitle = title) => createSection(db, site, { space: space(spaceTitle), title }, now);
  const defaultSections = async () => (await listAllSections(db, site.id)).filter((s) => s.isDefault).map((s) => s.title);
  const defaultsIn = async (sectionId: string | null) => (await listSiteSpacesIn(db, site.id, sectionId)).filter((s) => s.isDefault).map((s) => s.path);

  it('makes the first section the default and promotes the first remaining one when it goes', async () => {
    const first = await section('First');
    const second = await section('Second');
    const third = await section('Third');
    expect(first.isDefault).toBe(true);
    expect(await defaultSections()).toEqual(['First']);

    expect(await deleteSection(db, site, first.id, now)).toBe(true);
    expect(await defaultSections()).toEqual(['Second']);
    expect(await deleteSection(db, site, first.id, now)).toBe(false);
    expect(await deleteSection(db, site, third.id, now)).toBe(true);
    expect(await defaultSections()).toEqual(['Second']);
    expect(await deleteSection(db, site, second.id, now)).toBe(true);
    expect(await listAllSections(db, site.id)).toEqual([]);
    // The section's site spaces went with it.
    expect(await listAllSiteSpaces(db, site.id)).toEqual([]);
    expect(await siteEventTypes(db, site.id)).toEqual([
      ...Array(3).fill(['site-space.created', 'site-section.created']).flat(),
      'site-section.deleted',
      'site-section.deleted',
      'site-section.deleted',
    ]);
  });

  it('gives each section one default site space, the first, and promotes the next when it is deleted', async () => {
    const guides = await section('Guides', 'Guides v2');
    const v1 = await addSiteSpace(db, site, { space: space('Guides v1'), sectionId: guides.id }, now);
    await addSiteSpace(db, site, { space: space('Guides v3'), sectionId: guides.id }, now);
    expect(await defaultsIn(guides.id)).toEqual(['guides-v2']);
    expect(v1.isDefault).toBe(false);

    await updateSection(db, site, guides.id, { defaultSiteSpace: v1.id }, now);
    expect(await defaultsIn(guides.id)).toEqual(['guides-v1']);
    expect(await deleteSiteSpace(db, site, v1.id, now)).toBe(true);
    expect(await defaultsIn(guides.id)).toEqual(['guides-v2']);

    const other = await section('Other');
    const foreign = (await listSiteSpacesIn(db, site.id, other.id))[0]?.id as string;
    await expect(updateSection(db, site, guides.id, { defaultSiteSpace: foreign }, now)).rejects.toThrow(/"defaultSiteSpace"/);
  });

  it('adds a site space to the default section, to the section named, or at the root of a site without sections', async () => {
    const root = await addSiteSpace(db, site, { space: space('Alpha') }, now);
    expect(root).toMatchObject({ sectionId: null, isDefault: true, path: 'alpha' });
    const second = await addSiteSpace(db, site, { space: space('Alpha') }, now);
    expect(second).toMatchObject({ sectionId: null, isDefault: false, path: 'alpha-2' });
    expect(await deleteSiteSpace(db, site, root.id, now)).toBe(true);
    expect(await defaultsIn(null)).toEqual(['alpha-2']);

    const other = await insertSiteRow(db, 'Other site');
    const a = await createSection(db, other, { space: space('Aa') }, now);
    const b = await createSection(db, other, { space: space('Bb') }, now);
    expect((await addSiteSpace(db, other, { space: space('Extra') }, now)).sectionId).toBe(a.id);
    expect((await addSiteSpace(db, other, { space: space('Extra') }, now)).sectionId).toBe(a.id);
    expect((await addSiteSpace(db, other, { space: space('More'), sectionId: b.id }, now)).sectionId).toBe(b.id);
    await expect(addSiteSpace(db, other, { space: space('Nope'), sectionId: 'nope' }, now)).rejects.toThrow(/"sectionId"/);
  });

  it('refuses a space already on the site', async () => {
    const once = space('Once');
    await addSiteSpace(db, site, { space: once }, now);
    await expect(addSiteSpace(db, site, { space: once }, now)).rejects.toMatchObject({ code: 409 });
    await expect(createSection(db, site, { space: once }, now)).rejects.toMatchObject({ code: 409 });
  });

  it('gathers root site spaces into a default section of their own when the first section is added', async () => {
    const a = await addSiteSpace(db, site, { space: space('Root A') }, now);
    const b = await addSiteSpace(db, site, { space: space('Root B') }, now);
    const added = await createSection(db, site, { space: space('API reference') }, now);
    const sections = (await listSectionRows(db, site.id, everything)).rows;
    expect(sections.map((s) => [s.title, s.path, s.isDefault])).toEqual([
      ['Product docs', 'product-docs', true],
      ['API reference', 'api-reference', false],
    ]);
    expect(added.isDefault).toBe(false);
    expect(await listSiteSpacesIn(db, site.id, null)).toEqual([]);
    const gathered = await listSiteSpacesIn(db, site.id, sections[0]?.id as string);
    expect(gathered.map((s) => [s.id, s.isDefault])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
  });

  it('makes paths from titles, distinct within the site, and refuses a PATCH to a taken path', async () => {
    const one = await section('Getting Started!');
    const two = await section('Getting started');
    const short = await createSection(db, site, { space: space('x') }, now);
    expect([one.path, two.path, short.title, short.path]).toEqual(['getting-started', 'getting-started-2', 'Untitled section', 'untitled-section']);
    await expect(updateSection(db, site, two.id, { path: 'getting-started' }, now)).rejects.toMatchObject({ code: 409 });
    expect((await updateSection(db, site, one.id, { path: 'getting-started' }, now)).path).toBe('getting-started');

    const [first] = await listSiteSpacesIn(db, site.id, one.id);
    const extra = await addSiteSpace(db, site, { space: space('Other'), sectionId: one.id }, now);
    await expect(updateSiteSpace(db, site, extra.id, { path: first?.path as string }, now)).rejects.toMatchObject({ code: 409 });
    // The same path in another section is fine.
    const [inTwo] = await listSiteSpacesIn(db, site.id, two.id);
    expect((await updateSiteSpace(db, site, inTwo?.id as string, { path: first?.path as string, condition: 'visitor.claims.beta' }, now)).condition).toBe(
      'visitor.claims.beta',
    );
    expect((await updateSiteSpace(db, site, inTwo?.id as string, { condition: null }, now)).condition).toBeNull();
  });

  it('changes nothing when the rule is applied again', async () => {
    await section('One');
    await section('Two');
    const before = await listAllSiteSpaces(db, site.id);
    expect(await ensureSiteDefaults(db, site.id)).toEqual({ promotedSection: null });
    expect(await listAllSiteSpaces(db, site.id)).toEqual(before);
  });
});
