import { queryOne, queryRows, type SqlExecutor } from '@quire/platform/sql';
import type { CustomFieldValue } from '../model/custom-field-value';
import { CUSTOM_FIELD_COLUMNS, customFieldOf, type CustomFieldRow } from './custom-fields.store';
import type { CustomFieldWithValue } from '../model/custom-field';

const FIELD_COLUMNS = CUSTOM_FIELD_COLUMNS.map((c) => `f.${c}`).join(', ');

/**
 * The space's organization and deletion time, share-locked until the transaction ends, so that a
 * transfer or delete of the space waits for values being written (and the reverse).
 */
export async function lockSpaceForValues(db: SqlExecutor, spaceId: string): Promise<{ organizationId: string; deletedAt: Date | null } | null> {
  return queryOne<{ organizationId: string; deletedAt: Date | null }>(
    db,
    'SELECT organization_id AS "organizationId", deleted_at AS "deletedAt" FROM spaces WHERE id = $1 FOR SHARE',
    [spaceId],
  );
}

/** Every definition of the organization, in list order, each with the space's value if it has one. */
export async function listSpaceCustomFieldValues(db: SqlExecutor, organizationId: string, spaceId: string): Promise<CustomFieldWithValue[]> {
  const rows = await queryRows<CustomFieldRow & { value: CustomFieldValue | null }>(
    db,
    `SELECT ${FIELD_COLUMNS}, v.value FROM custom_fields f
     LEFT JOIN space_custom_field_values v ON v.field_id = f.id AND v.space_id = $2
     WHERE f.organization_id = $1 ORDER BY f.seq`,
    [organizationId, spaceId],
  );
  return rows.map((row) => ({ ...customFieldOf(row), value: row.value }));
}

export async function upsertSpaceCustomFieldValue(db: SqlExecutor, spaceId: string, fieldId: string, value: CustomFieldValue, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO space_custom_field_values (space_id, field_id, value, updated_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (space_id, field_id) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [spaceId, fieldId, JSON.stringify(value), now],
  );
}

export async function deleteSpaceCustomFieldValue(db: SqlExecutor, spaceId: string, fieldId: string): Promise<void> {
  await db.query('DELETE FROM space_custom_field_values WHERE space_id = $1 AND field_id = $2', [spaceId, fieldId]);
}

export async function countValuesOfField(db: SqlExecutor, fieldId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM space_custom_field_values WHERE field_id = $1', [fieldId]);
  return row?.n ?? 0;
}

/**
 * After a select field's options changed: a single choice that is no longer an option is removed,
 * a multiple choice keeps the entries that still are (and is removed when none is left).
 * Returns how many spaces' values changed.
 */
export async function pruneValuesToOptions(db: SqlExecutor, fieldId: string, options: string[], now: Date): Promise<number> {
  const singles = await db.query(
    `DELETE FROM space_custom_field_values
     WHERE field_id = $1 AND jsonb_typeof(value) = 'string' AND NOT ((value #>> '{}') = ANY($2::text[]))`,
    [fieldId, options],
  );
  const multiples = await db.query(
    `UPDATE space_custom_field_values v SET updated_at = $3, value = (
       SELECT COALESCE(jsonb_agg(e.item ORDER BY e.ord), '[]'::jsonb)
       FROM jsonb_array_elements_text(v.value) WITH ORDINALITY AS e (item, ord) WHERE e.item = ANY($2::text[]))
     WHERE v.field_id = $1 AND jsonb_typeof(v.value) = 'array'
       AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(v.value) AS x (item) WHERE NOT (x.item = ANY($2::text[])))`,
    [fieldId, options, now],
  );
  await db.query(`DELETE FROM space_custom_field_values WHERE field_id = $1 AND value = '[]'::jsonb`, [fieldId]);
  return singles.rowCount + multiples.rowCount;
}
