import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

// A space's custom-field values travel with the space: copied when it is duplicated, fitted to the
// target organization's fields when it (or its collection) is transferred. Here, below custom-fields,
// so that spaces and collections need not import the module that authorizes through spaces.

const table = (db: SqlExecutor) => typedSql<Database>(db);

/**
 * For the transfer of a space to another organization, inside the caller's transaction: its values
 * reference fields of the old organization. A value moves to the target organization's field of the
 * same name and type (a multiple choice keeps only the entries that are options there; a single
 * choice moves only if it is one); every other value is dropped. Returns the counts, for the
 * transfer's event.
 */
export async function moveSpaceCustomFieldValues(db: SqlExecutor, spaceId: string, targetOrganizationId: string): Promise<{ moved: number; dropped: number }> {
  // One statement: the DELETE and INSERT work on the same snapshot and touch different field ids.
  // Raw: data-modifying CTEs over jsonb.
  const { rows } = await sql<{ before: number; moved: number }>`
    WITH old AS (
      DELETE FROM space_custom_field_values v USING custom_fields f
      WHERE v.space_id = ${spaceId} AND f.id = v.field_id AND f.organization_id <> ${targetOrganizationId}
      RETURNING v.value, v.updated_at, f.name, f.type
    ), fitted AS (
      SELECT t.id AS field_id, t.type, t.options, old.updated_at,
        CASE WHEN t.type = 'select:multi' THEN (
          SELECT COALESCE(jsonb_agg(e.item ORDER BY e.ord), '[]'::jsonb)
          FROM jsonb_array_elements_text(old.value) WITH ORDINALITY AS e (item, ord) WHERE e.item = ANY(t.options))
        ELSE old.value END AS value
      FROM old JOIN custom_fields t ON t.organization_id = ${targetOrganizationId} AND t.name = old.name AND t.type = old.type
    ), moved AS (
      INSERT INTO space_custom_field_values (space_id, field_id, value, updated_at)
      SELECT ${spaceId}, field_id, value, updated_at FROM fitted
      WHERE value <> '[]'::jsonb AND (type <> 'select:single' OR (value #>> '{}') = ANY(options))
      ON CONFLICT (space_id, field_id) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*)::int FROM old) AS before, (SELECT count(*)::int FROM moved) AS moved`.execute(table(db));
  const before = rows[0]?.before ?? 0;
  const moved = rows[0]?.moved ?? 0;
  return { moved, dropped: before - moved };
}

/** For the duplication of a space (same organization): the copy gets the original's values. */
export async function copySpaceCustomFieldValues(db: SqlExecutor, fromSpaceId: string, toSpaceId: string, now: Date): Promise<number> {
  const result = await table(db)
    .insertInto('space_custom_field_values')
    .columns(['space_id', 'field_id', 'value', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('space_custom_field_values')
        .select([eb.val(toSpaceId).as('space_id'), 'field_id', 'value', eb.val(now).as('updated_at')])
        .where('space_id', '=', fromSpaceId),
    )
    .onConflict((oc) => oc.columns(['space_id', 'field_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
