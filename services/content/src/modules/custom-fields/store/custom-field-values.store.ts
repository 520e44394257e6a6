import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { CustomFieldValue } from '../model/custom-field-value';
import { customFieldOf } from './custom-fields.store';
import type { CustomFieldWithValue } from '../model/custom-field';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/**
 * The space's organization and deletion time, share-locked until the transaction ends, so that a
 * transfer or delete of the space waits for values being written (and the reverse).
 */
export async function lockSpaceForValues(db: SqlExecutor, spaceId: string): Promise<{ organizationId: string; deletedAt: Date | null } | null> {
  const row = await table(db)
    .selectFrom('spaces')
    .select(['organization_id as organizationId', 'deleted_at as deletedAt'])
    .where('id', '=', spaceId)
    .forShare()
    .executeTakeFirst();
  return row ?? null;
}

/** Every definition of the organization, in list order, each with the space's value if it has one. */
export async function listSpaceCustomFieldValues(db: SqlExecutor, organizationId: string, spaceId: string): Promise<CustomFieldWithValue[]> {
  const rows = await table(db)
    .selectFrom('custom_fields as f')
    .leftJoin('space_custom_field_values as v', (join) => join.onRef('v.field_id', '=', 'f.id').on('v.space_id', '=', spaceId))
    .selectAll('f')
    .select('v.value')
    .where('f.organization_id', '=', organizationId)
    .orderBy('f.seq')
    .execute();
  // A stored value fits its field's type: the writes below check it first.
  return rows.map(({ value, ...row }) => ({ ...customFieldOf(row), value: value as CustomFieldValue | null }));
}

export async function upsertSpaceCustomFieldValue(db: SqlExecutor, spaceId: string, fieldId: string, value: CustomFieldValue, now: Date): Promise<void> {
  await table(db)
    .insertInto('space_custom_field_values')
    .values({ space_id: spaceId, field_id: fieldId, value: JSON.stringify(value), updated_at: now })
    .onConflict((oc) =>
      oc.columns(['space_id', 'field_id']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

export async function deleteSpaceCustomFieldValue(db: SqlExecutor, spaceId: string, fieldId: string): Promise<void> {
  await table(db).deleteFrom('space_custom_field_values').where('space_id', '=', spaceId).where('field_id', '=', fieldId).execute();
}

export async function countValuesOfField(db: SqlExecutor, fieldId: string): Promise<number> {
  const row = await table(db)
    .selectFrom('space_custom_field_values')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * After a select field's options changed: a single choice that is no longer an option is removed,
 * a multiple choice keeps the entries that still are (and is removed when none is left).
 * Returns how many spaces' values changed.
 */
export async function pruneValuesToOptions(db: SqlExecutor, fieldId: string, options: string[], now: Date): Promise<number> {
  // Raw: jsonb element functions.
  const singles = await sql`DELETE FROM space_custom_field_values
    WHERE field_id = ${fieldId} AND jsonb_typeof(value) = 'string' AND NOT ((value #>> '{}') = ANY(${options}::text[]))`.execute(table(db));
  const multiples = await sql`UPDATE space_custom_field_values v SET updated_at = ${now}, value = (
      SELECT COALESCE(jsonb_agg(e.item ORDER BY e.ord), '[]'::jsonb)
      FROM jsonb_array_elements_text(v.value) WITH ORDINALITY AS e (item, ord) WHERE e.item = ANY(${options}::text[]))
    WHERE v.field_id = ${fieldId} AND jsonb_typeof(v.value) = 'array'
      AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(v.value) AS x (item) WHERE NOT (x.item = ANY(${options}::text[])))`.execute(table(db));
  await table(db)
    .deleteFrom('space_custom_field_values')
    .where('field_id', '=', fieldId)
    .where('value', '=', sql<string>`'[]'::jsonb`)
    .execute();
  return Number((singles.numAffectedRows ?? 0n) + (multiples.numAffectedRows ?? 0n));
}
