import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { defineCustomField } from '../src/modules/custom-fields/application/create-custom-field';
import { deleteCustomFieldByName } from '../src/modules/custom-fields/application/delete-custom-field';
import { updateCustomFieldDefinition } from '../src/modules/custom-fields/application/update-custom-field';
import { updateSpaceCustomFieldValues } from '../src/modules/custom-fields/application/update-space-custom-fields';
import { listSpaceCustomFieldValues } from '../src/modules/custom-fields/store/custom-field-values.store';
import { copySpaceCustomFieldValues, moveSpaceCustomFieldValues } from '../src/modules/spaces/store/space-custom-field-values.store';
import { listCustomFieldRows } from '../src/modules/custom-fields/store/custom-fields.store';
import { expectApiError, openServiceDb } from '../../../test/support/service-db';

// Custom fields against a real (embedded) Postgres: definitions, values, pruning on option changes,
// the cascade on delete, transfer and duplication, and the outbox events. Spaces are inserted
// directly: the spaces API belongs to another part of the service.

const now = new Date('2025-01-02T03:04:05Z');

describe('custom fields', () => {
  let db: PgliteDatabase;
  let spaceCount = 0;

  beforeAll(async () => {
    db = await openServiceDb('content', join(__dirname, '..', 'migrations'));
  });
  afterAll(async () => {
    await db.close();
  });

  async function insertSpace(organizationId: string): Promise<{ id: string; organizationId: string }> {
    const id = `space${++spaceCount}`;
    await db.query("INSERT INTO spaces (id, organization_id, position, revision_id) VALUES ($1, $2, 'a0', 'rev')", [id, organizationId]);
    return { id, organizationId };
  }

  async function valuesOf(space: { id: string; organizationId: string }): Promise<Record<string, unknown>> {
    const rows = await listSpaceCustomFieldValues(db, space.organizationId, space.id);
    return Object.fromEntries(rows.filter((r) => r.value !== null).map((r) => [r.name, r.value]));
  }

  async function eventsOf(key: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const { rows } = await db.query<{ payload: string }>("SELECT payload FROM outbox WHERE topic = 'content.events' AND key = $1 ORDER BY seq", [key]);
    return rows.map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> });
  }

  it('creates definitions with defaults, refuses a second one of the same name, lists in creation order', async () => {
    const org = 'org-defs';
    const first = await defineCustomField(db, org, { name: 'zeta', type: 'text' }, now);
    expect(first).toMatchObject({ name: 'zeta', type: 'text', title: '', description: '', placeholder: '', options: null, organizationId: org });
    const second = await defineCustomField(db, org, { name: 'alpha', type: 'select:single', title: 'Alpha', options: ['x', 'y'] }, now);
    expect(second.options).toEqual(['x', 'y']);
    await expectApiError(defineCustomField(db, org, { name: 'zeta', type: 'number' }, now), 409, /"name".*zeta/);
    // The same name in another organization is fine.
    await defineCustomField(db, 'org-other', { name: 'zeta', type: 'number' }, now);

    const { rows, total } = await listCustomFieldRows(db, org, { limit: 10, offset: 0 });
    expect(total).toBe(2);
    expect(rows.map((r) => r.name)).toEqual(['zeta', 'alpha']);
    expect((await listCustomFieldRows(db, org, { limit: 1, offset: 1 })).rows.map((r) => r.name)).toEqual(['alpha']);
    expect((await eventsOf(first.id)).map((e) => e.type)).toEqual(['custom-field.created']);
    expect((await eventsOf(first.id))[0]?.data).toMatchObject({ organizationId: org, customFieldId: first.id, name: 'zeta', type: 'text' });
  });

  it('sets, keeps and clears values in one transaction, and answers every field on read', async () => {
    const org = 'org-values';
    await defineCustomField(db, org, { name: 'summary', type: 'text' }, now);
    await defineCustomField(db, org, { name: 'score', type: 'number' }, now);
    await defineCustomField(db, org, { name: 'public', type: 'boolean' }, now);
    await defineCustomField(db, org, { name: 'labels', type: 'tags' }, now);
    await defineCustomField(db, org, { name: 'stage', type: 'select:single', options: ['draft', 'final'] }, now);
    await defineCustomField(db, org, { name: 'teams', type: 'select:multi', options: ['web', 'api', 'ops'] }, now);
    const space = await insertSpace(org);

    const change = await updateSpaceCustomFieldValues(
      db,
      space,
      {
        summary: { value: 'Hi' },
        score: { value: 0 },
        public: { value: false },
        labels: { value: ['a'] },
        stage: { value: 'draft' },
        teams: { value: ['api', 'web'] },
      },
      now,
    );
    expect(change).toEqual({ set: ['summary', 'score', 'public', 'labels', 'stage', 'teams'], cleared: [] });
    expect(await valuesOf(space)).toEqual({ summary: 'Hi', score: 0, public: false, labels: ['a'], stage: 'draft', teams: ['api', 'web'] });

    // Fields not named keep their values; null, "" and [] clear.
    await updateSpaceCustomFieldValues(db, space, { summary: { value: null }, labels: { value: [] }, stage: { value: '' }, score: { value: 7.5 } }, now);
    expect(await valuesOf(space)).toEqual({ score: 7.5, public: false, teams: ['api', 'web'] });

    const rows = await listSpaceCustomFieldValues(db, org, space.id);
    expect(rows.map((r) => r.name)).toEqual(['summary', 'score', 'public', 'labels', 'stage', 'teams']);
    expect(rows[0]?.value).toBeNull();

    const events = await eventsOf(space.id);
    expect(events.map((e) => e.type)).toEqual(['space.custom-fields-updated', 'space.custom-fields-updated']);
    expect(events[1]?.data).toEqual({ organizationId: org, spaceId: space.id, set: ['score'], cleared: ['summary', 'labels', 'stage'] });
  });

  it('refuses the whole PATCH when one value does not fit or one field is unknown', async () => {
    const org = 'org-refuse';
    await defineCustomField(db, org, { name: 'score', type: 'number' }, now);
    await defineCustomField(db, org, { name: 'stage', type: 'select:single', options: ['draft'] }, now);
    const space = await insertSpace(org);
    await updateSpaceCustomFieldValues(db, space, { score: { value: 1 } }, now);

    await expectApiError(
      updateSpaceCustomFieldValues(db, space, { score: { value: 2 }, stage: { value: 'final' } }, now),
      400,
      /"values\.stage\.value".*draft/,
    );
    await expectApiError(updateSpaceCustomFieldValues(db, space, { score: { value: 2 }, nope: { value: 'x' } }, now), 400, /"values\.nope".*nope/);
    await expectApiError(updateSpaceCustomFieldValues(db, space, { score: { value: '2' } }, now), 400, /"values\.score\.value"/);
    await expectApiError(updateSpaceCustomFieldValues(db, space, { score: {} }, now), 400, /"values\.score\.value": is required/);
    // A field of another organization is unknown here.
    await defineCustomField(db, 'org-elsewhere', { name: 'foreign', type: 'text' }, now);
    await expectApiError(updateSpaceCustomFieldValues(db, space, { foreign: { value: 'x' } }, now), 400, /"values\.foreign"/);

    expect(await valuesOf(space)).toEqual({ score: 1 });
    expect(await eventsOf(space.id)).toHaveLength(1);
  });

  it('refuses values for a deleted space or one that changed organization meanwhile', async () => {
    const org = 'org-gone';
    await defineCustomField(db, org, { name: 'score', type: 'number' }, now);
    const space = await insertSpace(org);
    await db.query('UPDATE spaces SET deleted_at = now() WHERE id = $1', [space.id]);
    await expectApiError(updateSpaceCustomFieldValues(db, space, { score: { value: 1 } }, now), 404, /not found/);
    const moved = await insertSpace('org-new-home');
    await expectApiError(updateSpaceCustomFieldValues(db, { ...moved, organizationId: org }, { score: { value: 1 } }, now), 409, /transferred/);
  });

  it('updates descriptions, refuses options on non-select fields, and prunes values that are no longer options', async () => {
    const org = 'org-prune';
    const single = await defineCustomField(db, org, { name: 'stage', type: 'select:single', options: ['draft', 'review', 'final'] }, now);
    await defineCustomField(db, org, { name: 'teams', type: 'select:multi', options: ['web', 'api', 'ops'] }, now);
    await defineCustomField(db, org, { name: 'notes', type: 'text' }, now);
    const a = await insertSpace(org);
    const b = await insertSpace(org);
    const c = await insertSpace(org);
    await updateSpaceCustomFieldValues(db, a, { stage: { value: 'draft' }, teams: { value: ['web', 'api'] } }, now);
    await updateSpaceCustomFieldValues(db, b, { stage: { value: 'final' }, teams: { value: ['ops'] } }, now);
    await updateSpaceCustomFieldValues(db, c, { stage: { value: 'review' }, teams: { value: ['api'] } }, now);

    const later = new Date(now.getTime() + 60000);
    const renamed = await updateCustomFieldDefinition(db, org, 'stage', { title: 'Stage', options: ['review', 'final', 'published'] }, later);
    expect(renamed).toMatchObject({ title: 'Stage', options: ['review', 'final', 'published'], updatedAt: later, createdAt: now });
    await updateCustomFieldDefinition(db, org, 'teams', { options: ['api', 'docs'] }, later);

    expect(await valuesOf(a)).toEqual({ teams: ['api'] });
    expect(await valuesOf(b)).toEqual({ stage: 'final' });
    expect(await valuesOf(c)).toEqual({ stage: 'review', teams: ['api'] });
    expect((await eventsOf(single.id)).map((e) => [e.type, e.data.prunedSpaces, e.data.fields])).toEqual([
      ['custom-field.created', undefined, undefined],
      ['custom-field.updated', 1, ['title', 'options']],
    ]);

    await expectApiError(updateCustomFieldDefinition(db, org, 'notes', { options: ['a'] }, later), 400, /"options"/);
    await expectApiError(updateCustomFieldDefinition(db, org, 'missing', { title: 'x' }, later), 404, /missing/);
    // An empty PATCH changes nothing and announces nothing.
    expect((await updateCustomFieldDefinition(db, org, 'stage', {}, later)).updatedAt).toEqual(later);
    expect(await eventsOf(single.id)).toHaveLength(2);
  });

  it('deletes a definition with its values', async () => {
    const org = 'org-delete';
    const field = await defineCustomField(db, org, { name: 'score', type: 'number' }, now);
    await defineCustomField(db, org, { name: 'kept', type: 'boolean' }, now);
    const space = await insertSpace(org);
    await updateSpaceCustomFieldValues(db, space, { score: { value: 3 }, kept: { value: true } }, now);
    await deleteCustomFieldByName(db, org, 'score', now);
    expect(await valuesOf(space)).toEqual({ kept: true });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM space_custom_field_values WHERE field_id = $1', [field.id]);
    expect(rows[0]?.n).toBe(0);
    expect((await eventsOf(field.id)).map((e) => [e.type, e.data.removedValues])).toEqual([
      ['custom-field.created', undefined],
      ['custom-field.deleted', 1],
    ]);
    await expectApiError(deleteCustomFieldByName(db, org, 'score', now), 404, /score/);
    // A recreated field of the same name starts without values.
    await defineCustomField(db, org, { name: 'score', type: 'number' }, now);
    expect(await valuesOf(space)).toEqual({ kept: true });
  });

  it('removes values with their space', async () => {
    const org = 'org-space-gone';
    await defineCustomField(db, org, { name: 'score', type: 'number' }, now);
    const space = await insertSpace(org);
    await updateSpaceCustomFieldValues(db, space, { score: { value: 3 } }, now);
    await db.query('DELETE FROM spaces WHERE id = $1', [space.id]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM space_custom_field_values WHERE space_id = $1', [space.id]);
    expect(rows[0]?.n).toBe(0);
  });

  it('moves values on transfer to the target fields of the same name and type, dropping the rest', async () => {
    const from = 'org-from';
    const to = 'org-to';
    for (const [org, options] of [
      [from, ['draft', 'final', 'web', 'api']],
      [to, ['final', 'api']],
    ] as const) {
      await defineCustomField(db, org, { name: 'summary', type: 'text' }, now);
      await defineCustomField(db, org, { name: 'single-kept', type: 'select:single', options: [...options] }, now);
      await defineCustomField(db, org, { name: 'single-lost', type: 'select:single', options: [...options] }, now);
      await defineCustomField(db, org, { name: 'multi', type: 'select:multi', options: [...options] }, now);
      await defineCustomField(db, org, { name: 'multi-lost', type: 'select:multi', options: [...options] }, now);
    }
    await defineCustomField(db, from, { name: 'score', type: 'number' }, now);
    await defineCustomField(db, to, { name: 'score', type: 'text' }, now); // same name, other type
    await defineCustomField(db, from, { name: 'only-here', type: 'boolean' }, now);

    const space = await insertSpace(from);
    await updateSpaceCustomFieldValues(
      db,
      space,
      {
        summary: { value: 'Kept' },
        'single-kept': { value: 'final' },
        'single-lost': { value: 'draft' },
        multi: { value: ['web', 'api', 'final'] },
        'multi-lost': { value: ['web'] },
        score: { value: 4 },
        'only-here': { value: true },
      },
      now,
    );

    const result = await db.transaction(async (tx) => {
      await tx.query('UPDATE spaces SET organization_id = $2 WHERE id = $1', [space.id, to]);
      return moveSpaceCustomFieldValues(tx, space.id, to);
    });
    expect(result).toEqual({ moved: 3, dropped: 4 });
    expect(await valuesOf({ id: space.id, organizationId: to })).toEqual({ summary: 'Kept', 'single-kept': 'final', multi: ['api', 'final'] });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM space_custom_field_values WHERE space_id = $1', [space.id]);
    expect(rows[0]?.n).toBe(3);

    // Moving again (already in the target organization) changes nothing.
    expect(await moveSpaceCustomFieldValues(db, space.id, to)).toEqual({ moved: 0, dropped: 0 });
  });

  it('copies values to a duplicate', async () => {
    const org = 'org-copy';
    await defineCustomField(db, org, { name: 'labels', type: 'tags' }, now);
    const original = await insertSpace(org);
    const copy = await insertSpace(org);
    await updateSpaceCustomFieldValues(db, original, { labels: { value: ['a', 'b'] } }, now);
    expect(await copySpaceCustomFieldValues(db, original.id, copy.id, now)).toBe(1);
    expect(await valuesOf(copy)).toEqual({ labels: ['a', 'b'] });
  });
});
