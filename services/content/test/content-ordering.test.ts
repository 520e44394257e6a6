import type { PageRequest } from '@quire/input';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { moveCollectionWithin } from '../src/modules/collections/application/move-collection';
import { moveCollectionToOrganization } from '../src/modules/collections/application/transfer-collection';
import { createCollectionAtEnd } from '../src/modules/collections/application/create-collection';
import { deleteCollectionTree } from '../src/modules/collections/application/delete-collection';
import { defineCustomField } from '../src/modules/custom-fields/application/create-custom-field';
import { updateSpaceCustomFieldValues } from '../src/modules/custom-fields/application/update-space-custom-fields';
import { moveSpaceWithin } from '../src/modules/spaces/application/move-space';
import { moveSpaceToOrganization } from '../src/modules/spaces/application/transfer-space';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { copySpace } from '../src/modules/spaces/application/duplicate-space';
import { listSpaceCustomFieldValues } from '../src/modules/custom-fields/store/custom-field-values.store';
import { findCollection, listCollectionRows } from '../src/modules/collections/store/collections.store';
import { findSpace, listSpaceRowsInCollection, listSpaceRowsInOrganization } from '../src/modules/spaces/store/spaces.store';
import type { Space } from '../src/modules/spaces/model/space';
import { openContentDb, outboxTypes } from './content-db';

// Ordering, moves, deletion and transfer of collections and spaces against embedded Postgres.

const now = new Date('2026-02-01T00:00:00Z');
const everything: PageRequest = { limit: 1000, offset: 0 };
let orgCount = 0;

describe('content ordering and moves', () => {
  let db: PgliteDatabase;
  let org: string;
  beforeAll(async () => {
    db = await openContentDb();
  });
  beforeEach(() => {
    org = `org${++orgCount}`;
  });
  afterAll(async () => {
    await db.close();
  });

  const space = (title: string, parentId: string | null = null, visibility = 'private') =>
    createSpaceWithRevision(
      db,
      { organizationId: org, parentId, title, emoji: '', visibility, defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
      now,
    );
  const collection = (title: string, parentId: string | null = null) =>
    createCollectionAtEnd(db, { organizationId: org, parentId, title, defaultLevel: 'inherit' }, now);
  const reload = async (id: string) => (await findSpace(db, id)) as Space;
  const spaceTitles = async (organizationId = org) => (await listSpaceRowsInOrganization(db, organizationId, everything)).rows.map((s) => s.title);
  const positions = async () =>
    (await db.query<{ id: string; position: string }>('SELECT id, position FROM spaces WHERE organization_id = $1 ORDER BY id', [org])).rows;

  it('appends new content, then moves before and after siblings writing only the moved row', async () => {
    const a = await space('A');
    const b = await space('B');
    const c = await space('C');
    expect(await spaceTitles()).toEqual(['A', 'B', 'C']);

    const before = await positions();
    await moveSpaceWithin(db, await reload(c.id), { parentId: null, position: { before: { type: 'space', space: a.id } } }, now);
    const after = await positions();
    expect(after.filter((p, i) => p.position !== before[i]?.position).map((p) => p.id)).toEqual([c.id]);
    expect(await spaceTitles()).toEqual(['C', 'A', 'B']);

    await moveSpaceWithin(db, await reload(a.id), { parentId: null, position: { after: { type: 'space', space: b.id } } }, now);
    expect(await spaceTitles()).toEqual(['C', 'B', 'A']);
    await moveSpaceWithin(db, await reload(c.id), { parentId: null }, now); // no position: the end
    expect(await spaceTitles()).toEqual(['B', 'A', 'C']);
    await moveSpaceWithin(
      db,
      await reload(c.id),
      { parentId: null, position: { after: { type: 'space', space: b.id }, before: { type: 'space', space: a.id } } },
      now,
    );
    expect(await spaceTitles()).toEqual(['B', 'C', 'A']);
  });

  it('keeps the order of a model list over many random moves', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await space(`S${i}`)).id);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let move = 0; move < 40; move++) {
      const moving = ids[random(ids.length)] as string;
      const others = ids.filter((id) => id !== moving);
      const target = others[random(others.length)] as string;
      const isBefore = random(2) === 0;
      await moveSpaceWithin(
        db,
        await reload(moving),
        { parentId: null, position: isBefore ? { before: { type: 'space', space: target } } : { after: { type: 'space', space: target } } },
        now,
      );
      ids.splice(ids.indexOf(moving), 1);
      ids.splice(ids.indexOf(target) + (isBefore ? 0 : 1), 0, moving);
      const listed = (await listSpaceRowsInOrganization(db, org, everything)).rows.map((s) => s.id);
      expect(listed).toEqual(ids);
    }
  });

  it('sorts keys by bytes: a space put before the first one lists first', async () => {
    const first = await space('First');
    const moved = await space('Moved');
    await moveSpaceWithin(db, await reload(moved.id), { parentId: null, position: { before: { type: 'space', space: first.id } } }, now);
    // The new key starts with an upper-case letter, which a case-insensitive locale would sort last.
    expect((await reload(moved.id)).position).toMatch(/^[A-Z]/);
    expect(await spaceTitles()).toEqual(['Moved', 'First']);
  });

  it('lists spaces and collections in tree order, spaces and collections sharing one sequence', async () => {
    const top = await space('Top');
    const x = await collection('X');
    const inX = await space('In X', x.id);
    const y = await collection('Y', x.id);
    await space('In Y', y.id);
    await space('Last');
    await moveCollectionWithin(db, x, { parentId: null, position: { before: { type: 'space', space: top.id } } }, now);
    expect(await spaceTitles()).toEqual(['In X', 'In Y', 'Top', 'Last']);
    await moveSpaceWithin(db, await reload(inX.id), { parentId: x.id, position: { after: { type: 'collection', collection: y.id } } }, now);
    expect(await spaceTitles()).toEqual(['In Y', 'In X', 'Top', 'Last']);
    expect((await listSpaceRowsInCollection(db, x.id, everything)).rows.map((s) => s.title)).toEqual(['In X']);
    expect((await listCollectionRows(db, org, true, everything)).rows.map((c) => c.title)).toEqual(['X', 'Y']);
    expect((await listCollectionRows(db, org, false, everything)).rows.map((c) => c.title)).toEqual(['X']);
  });

  it('refuses a pointer outside the destination and a collection moved into its own sub-tree', async () => {
    const x = await collection('X');
    const y = await collection('Y', x.id);
    const elsewhere = await space('Elsewhere');
    const s = await space('S', x.id);
    await expect(
      moveSpaceWithin(db, await reload(s.id), { parentId: x.id, position: { before: { type: 'space', space: elsewhere.id } } }, now),
    ).rejects.toMatchObject({
      code: 400,
      message: expect.stringContaining('"position.before"'),
    });
    await expect(moveCollectionWithin(db, x, { parentId: y.id }, now)).rejects.toMatchObject({ code: 400, message: expect.stringContaining('"parent"') });
    await expect(moveCollectionWithin(db, x, { parentId: x.id }, now)).rejects.toMatchObject({ code: 400 });
  });

  it('gives a space moved out of a collection with in-collection visibility the private one', async () => {
    const x = await collection('X');
    const s = await space('S', x.id, 'in-collection');
    const moved = await moveSpaceWithin(db, await reload(s.id), { parentId: null }, now);
    expect(moved).toMatchObject({ parentId: null, visibility: 'private' });
  });

  it('deletes a collection with its sub-collections, its spaces restorable at the top level', async () => {
    await space('Before');
    const x = await collection('X');
    const y = await collection('Y', x.id);
    const s1 = await space('S1', x.id, 'in-collection');
    const s2 = await space('S2', y.id);
    const s3 = await space('S3', y.id);
    const s4 = await space('S4', y.id);
    const result = await deleteCollectionTree(db, x, now);
    expect(result).toEqual({ collections: expect.arrayContaining([x.id, y.id]), spaces: expect.arrayContaining([s1.id, s2.id, s3.id, s4.id]) });
    expect(await findCollection(db, y.id)).toBeNull();
    expect(await reload(s1.id)).toMatchObject({ parentId: null, visibility: 'private', deletedAt: now });
    expect(await spaceTitles()).toEqual(['Before']);
    // Restored, they list at the end of the top level in their tree order (Y came before S1 in X).
    await db.query('UPDATE spaces SET deleted_at = NULL WHERE id = ANY($1)', [[s1.id, s2.id, s3.id, s4.id]]);
    expect(await spaceTitles()).toEqual(['Before', 'S2', 'S3', 'S4', 'S1']);
    expect(await outboxTypes(db, x.id)).toEqual(['collection.created', 'collection.deleted']);
    expect(await outboxTypes(db, s2.id)).toEqual(['space.created', 'space.deleted']);
  });

  it('transfers a collection with its sub-tree and spaces to the end of the other organization', async () => {
    const target = `${org}-target`;
    await createSpaceWithRevision(
      db,
      {
        organizationId: target,
        parentId: null,
        title: 'Already there',
        emoji: '',
        visibility: 'private',
        defaultLevel: 'inherit',
        editMode: 'live',
        createdBy: 'u1',
      },
      now,
    );
    const x = await collection('X');
    const y = await collection('Y', x.id);
    const s = await space('S', y.id);
    await expect(moveCollectionToOrganization(db, x, org, now)).rejects.toMatchObject({ code: 409 });
    const moved = await moveCollectionToOrganization(db, x, target, now);
    expect(moved).toMatchObject({ organizationId: target, parentId: null });
    expect(await findCollection(db, y.id)).toMatchObject({ organizationId: target, parentId: x.id });
    expect(await reload(s.id)).toMatchObject({ organizationId: target, parentId: y.id });
    expect(await spaceTitles(target)).toEqual(['Already there', 'S']);
    expect(await spaceTitles()).toEqual([]);
    expect(await outboxTypes(db, s.id)).toEqual(['space.created', 'space.transferred']);
  });

  it('transfers a space with its custom-field values to the same-named fields', async () => {
    const target = `${org}-target`;
    const s = await space('S');
    await defineCustomField(db, org, { name: 'owner', type: 'text' }, now);
    await defineCustomField(db, target, { name: 'owner', type: 'text' }, now);
    await updateSpaceCustomFieldValues(db, s, { owner: { value: 'Ada' } }, now);
    const moved = await moveSpaceToOrganization(db, await reload(s.id), target, now);
    expect(moved).toMatchObject({ organizationId: target, parentId: null });
    const values = await listSpaceCustomFieldValues(db, target, s.id);
    expect(values.map((v) => [v.name, v.value])).toEqual([['owner', 'Ada']]);
  });

  it('duplicates a space right after it, with a copy of its revision and its custom-field values', async () => {
    const a = await space('A');
    await space('B');
    await defineCustomField(db, org, { name: 'labels', type: 'tags' }, now);
    await updateSpaceCustomFieldValues(db, a, { labels: { value: ['x', 'y'] } }, now);
    const copy = await copySpace(db, await reload(a.id), 'u2', now);
    expect(await spaceTitles()).toEqual(['A', 'A', 'B']);
    expect(copy.id).not.toBe(a.id);
    expect(copy.revisionId).not.toBe(a.revisionId);
    const { rows } = await db.query('SELECT id FROM revisions WHERE space_id = $1', [copy.id]);
    expect(rows).toEqual([{ id: copy.revisionId }]);
    const values = await listSpaceCustomFieldValues(db, org, copy.id);
    expect(values.map((v) => [v.name, v.value])).toEqual([['labels', ['x', 'y']]]);
  });
});
