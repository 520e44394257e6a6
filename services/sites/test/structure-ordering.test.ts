import type { PageRequest } from '@quire/input';
import { keyForAnchors, siblingKeysIn } from '@quire/ordering';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { addSectionToGroup as addSectionToGroupUseCase } from '../src/modules/sites/application/add-section-to-group';
import { createSectionGroup as createSectionGroupUseCase } from '../src/modules/sites/application/create-section-group';
import { deleteSectionGroup as deleteSectionGroupUseCase } from '../src/modules/sites/application/delete-section-group';
import { moveSectionGroup as moveSectionGroupUseCase } from '../src/modules/sites/application/move-section-group';
import { removeSectionFromGroup as removeSectionFromGroupUseCase } from '../src/modules/sites/application/remove-section-from-group';
import { addSectionWithSpace as createSection } from '../src/modules/sites/application/create-section';
import { moveSection as moveSectionUseCase } from '../src/modules/sites/application/move-section';
import { placeSpaceOnSite as addSiteSpace } from '../src/modules/sites/application/add-site-space';
import { moveSiteSpace as moveSiteSpaceUseCase } from '../src/modules/sites/application/move-site-space';
import { keyForPosition, keysBetween, type StructureSibling } from '../src/modules/sites/domain/site-structure';
import { listSectionRows } from '../src/modules/sites/store/sections.store';
import { listSiteSpacesIn } from '../src/modules/sites/store/site-spaces.store';
import type { Site } from '../src/modules/sites/model/site';
import { asAdmin, insertSiteRow, openStructureDb, siteEventTypes } from './structure-db';

// Ordering of sections, section groups and site spaces: the before/after rule shared with
// content (keyForAnchors in @quire/ordering), and the order after many moves.

const now = new Date('2026-02-01T00:00:00Z');
const moveSection = asAdmin(moveSectionUseCase, (r) => r.section);
const moveSiteSpace = asAdmin(moveSiteSpaceUseCase, (r) => r.siteSpace);
const addSectionToGroup = asAdmin(addSectionToGroupUseCase, (r) => r.group);
const createSectionGroup = asAdmin(createSectionGroupUseCase, (r) => r.group);
const deleteSectionGroup = asAdmin(deleteSectionGroupUseCase, (r) => r);
const moveSectionGroup = asAdmin(moveSectionGroupUseCase, (r) => r.group);
const removeSectionFromGroup = asAdmin(removeSectionFromGroupUseCase, (r) => r);
const everything: PageRequest = { limit: 1000, offset: 0 };

describe('keyForAnchors and keyForPosition', () => {
  const siblings: StructureSibling[] = [
    { kind: 'site-space', id: 'a', position: 'a0' },
    { kind: 'site-space', id: 'b', position: 'a1' },
    { kind: 'site-space', id: 'h', position: 'a2', hidden: true },
    { kind: 'site-space', id: 'c', position: 'a3' },
  ];

  it('places before, after, between and at the end', async () => {
    const keys = siblingKeysIn(['a0', 'a1', 'a3']);
    expect(await keyForAnchors(keys, { before: 'a1', after: null })).toMatch(/^a0./);
    const afterB = await keyForAnchors(keys, { before: null, after: 'a1' });
    expect(afterB > 'a1' && afterB < 'a3').toBe(true);
    const between = await keyForAnchors(keys, { before: 'a3', after: 'a0' });
    expect(between > 'a0' && between < 'a3').toBe(true);
    expect(await keyForAnchors(keys, { before: null, after: null })).toBe('a4');
    await expect(keyForAnchors(keys, { before: 'a0', after: 'a3' })).rejects.toThrow(/"position"/);
  });

  it('leaves the moved item out of its own neighbours and refuses anchors that are not other visible siblings', async () => {
    expect(await keyForPosition(siblings, 'c', undefined)).toBe('a3');
    await expect(keyForPosition(siblings, 'a', { before: { kind: 'site-space', id: 'a' } })).rejects.toThrow(/position\.before/);
    await expect(keyForPosition(siblings, 'a', { after: { kind: 'site-space', id: 'h' } })).rejects.toThrow(/position\.after/);
    await expect(keyForPosition(siblings, 'a', { after: { kind: 'site-section', id: 'b' } })).rejects.toThrow(/position\.after/);
  });

  it('makes ascending keys strictly between two keys', () => {
    const keys = keysBetween('a0', 'a1', 5);
    expect([...keys].sort()).toEqual(keys);
    expect(keys.every((k) => k > 'a0' && k < 'a1')).toBe(true);
  });
});

describe('structure ordering on embedded Postgres', () => {
  let db: PgliteDatabase;
  let site: Site;
  let spaceCount = 0;
  beforeAll(async () => {
    db = await openStructureDb();
  });
  beforeEach(async () => {
    site = await insertSiteRow(db);
  });
  afterAll(async () => {
    await db.close();
  });

  const space = (title: string) => ({ id: `space${++spaceCount}`, title });
  const section = (title: string) => createSection(db, site, { space: space(title) }, now);
  const sectionTitles = async () => (await listSectionRows(db, site.id, everything)).rows.map((s) => s.title);
  const pointer = (id: string) => ({ kind: 'site-section' as const, id });

  it('keeps sections in the order of a model list over many random moves', async () => {
    const model: string[] = [];
    const byTitle = new Map<string, string>();
    for (const title of ['S0', 'S1', 'S2', 'S3', 'S4', 'S5']) {
      byTitle.set(title, (await section(title)).id);
      model.push(title);
    }
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let i = 0; i < 40; i++) {
      const moving = model[random(model.length)] as string;
      const rest = model.filter((t) => t !== moving);
      const target = rest[random(rest.length)] as string;
      const kind = random(3);
      const id = byTitle.get(moving) as string;
      if (kind === 0) {
        await moveSection(db, site, id, { before: pointer(byTitle.get(target) as string) }, now);
        rest.splice(rest.indexOf(target), 0, moving);
      } else if (kind === 1) {
        await moveSection(db, site, id, { after: pointer(byTitle.get(target) as string) }, now);
        rest.splice(rest.indexOf(target) + 1, 0, moving);
      } else {
        await moveSection(db, site, id, undefined, now);
        rest.push(moving);
      }
      model.splice(0, model.length, ...rest);
      expect(await sectionTitles()).toEqual(model);
    }
    expect((await siteEventTypes(db, site.id)).filter((t) => t === 'site-section.moved')).toHaveLength(40);
  });

  it('orders groups among top-level sections, and sections inside a group, with the group taking its first section’s place', async () => {
    const [a, b, c, d] = [await section('AA'), await section('BB'), await section('CC'), await section('DD')];
    const group = await createSectionGroup(db, site, { title: 'G', icon: null, sections: [b.id, d.id, b.id] }, now);
    // B was at the top level: the group takes its place; D follows B inside it.
    expect(await sectionTitles()).toEqual(['AA', 'BB', 'DD', 'CC']);

    await moveSectionGroup(db, site, group.id, { before: { kind: 'site-section', id: a.id } }, now);
    expect(await sectionTitles()).toEqual(['BB', 'DD', 'AA', 'CC']);
    await moveSectionGroup(db, site, group.id, undefined, now);
    expect(await sectionTitles()).toEqual(['AA', 'CC', 'BB', 'DD']);

    await moveSection(db, site, d.id, { before: pointer(b.id) }, now);
    expect(await sectionTitles()).toEqual(['AA', 'CC', 'DD', 'BB']);
    // A section in the group is not a top-level sibling, nor a top-level section one of the group's.
    await expect(moveSectionGroup(db, site, group.id, { after: { kind: 'site-section', id: d.id } }, now)).rejects.toThrow(/position\.after/);
    await expect(moveSection(db, site, d.id, { after: pointer(a.id) }, now)).rejects.toThrow(/position\.after/);

    await addSectionToGroup(db, site, group.id, a.id, now);
    expect(await sectionTitles()).toEqual(['CC', 'DD', 'BB', 'AA']);
    expect(await removeSectionFromGroup(db, site, group.id, d.id, now)).toBe(true);
    expect(await removeSectionFromGroup(db, site, group.id, d.id, now)).toBe(false);
    // Taken out: right after the group.
    expect(await sectionTitles()).toEqual(['CC', 'BB', 'AA', 'DD']);
    await moveSection(db, site, c.id, undefined, now);
    expect(await sectionTitles()).toEqual(['BB', 'AA', 'DD', 'CC']);

    // Deleting the group puts its sections back where it was, in their order.
    expect(await deleteSectionGroup(db, site, group.id, now)).toBe(true);
    expect(await sectionTitles()).toEqual(['BB', 'AA', 'DD', 'CC']);
    expect((await listSectionRows(db, site.id, everything)).rows.every((s) => s.sectionGroupId === null)).toBe(true);
    expect(await deleteSectionGroup(db, site, group.id, now)).toBe(false);
  });

  it('moves site spaces within their parent only, writing only the moved row', async () => {
    const s = await addSiteSpace(db, site, { space: space('One') }, now);
    const t = await addSiteSpace(db, site, { space: space('Two') }, now);
    const u = await addSiteSpace(db, site, { space: space('Three') }, now);
    const paths = async () => (await listSiteSpacesIn(db, site.id, null)).map((r) => r.path);
    expect(await paths()).toEqual(['one', 'two', 'three']);
    const before = await listSiteSpacesIn(db, site.id, null);
    await moveSiteSpace(db, site, u.id, { before: { kind: 'site-space', id: s.id } }, now);
    const after = await listSiteSpacesIn(db, site.id, null);
    expect(after.filter((r) => before.find((b) => b.id === r.id)?.position !== r.position).map((r) => r.id)).toEqual([u.id]);
    expect(await paths()).toEqual(['three', 'one', 'two']);
    await moveSiteSpace(db, site, s.id, { after: { kind: 'site-space', id: t.id } }, now);
    expect(await paths()).toEqual(['three', 'two', 'one']);
    await moveSiteSpace(db, site, u.id, { after: { kind: 'site-space', id: t.id }, before: { kind: 'site-space', id: s.id } }, now);
    expect(await paths()).toEqual(['two', 'three', 'one']);
    await moveSiteSpace(db, site, t.id, undefined, now);
    expect(await paths()).toEqual(['three', 'one', 'two']);
  });
});
