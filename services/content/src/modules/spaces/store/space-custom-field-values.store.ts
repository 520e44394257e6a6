import { queryOne, type SqlExecutor } from '@quire/platform/sql';

// A space's custom-field values travel with the space: copied when it is duplicated, fitted to the
// target organization's fields when it (or its collection) is transferred. Here, below custom-fields,
// so that spaces and collections need not import the module that authorizes through spaces.

/**
 * For the transfer of a space to another organization, inside the caller's transaction: its values
 * reference fields of the old organization. A value moves to the target organization's field of the
 * same name and type (a multiple choice keeps only the entries that are options there; a single
 * choice moves only if it is one); every other value is dropped. Returns the counts, for the
 * transfer's event.
 */
export async function moveSpaceCustomFieldValues(db: SqlExecutor, spaceId: string, targetOrganizationId: string): Promise<{ moved: number; dropped: number }> {
  // One statement: the DELETE and INSERT work on the same snapshot and touch different field ids.
  const counts = await queryOne<{ before: number; moved: number }>(
    db,
    `WITH old AS (
       DELETE FROM space_custom_field_values v USING custom_fields f
       WHERE v.space_id = $1 AND f.id = v.field_id AND f.organization_id <> $2
       RETURNING v.value, v.updated_at, f.name, f.type
     ), fitted AS (
       SELECT t.id AS field_id, t.type, t.options, old.updated_at,
         CASE WHEN t.type = 'select:multi' THEN (
           SELECT COALESCE(jsonb_agg(e.item ORDER BY e.ord), '[]'::jsonb)
           FROM jsonb_array_elements_text(old.value) WITH ORDINALITY AS e (item, ord) WHERE e.item = ANY(t.options))
         ELSE old.value END AS value
       FROM old JOIN custom_fields t ON t.organization_id = $2 AND t.name = old.name AND t.type = old.type
     ), moved AS (
       INSERT INTO space_custom_field_values (space_id, field_id, value, updated_at)
       SELECT $1, field_id, value, updated_at FROM fitted
       WHERE value <> '[]'::jsonb AND (type <> 'select:single' OR (value #>> '{}') = ANY(options))
       ON CONFLICT (space_id, field_id) DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM old) AS before, (SELECT count(*)::int FROM moved) AS moved`,
    [spaceId, targetOrganizationId],
  );
  const before = counts?.before ?? 0;
  const moved = counts?.moved ?? 0;
  return { moved, dropped: before - moved };
}

/** For the duplication of a space (same organization): the copy gets the original's values. */
export async function copySpaceCustomFieldValues(db: SqlExecutor, fromSpaceId: string, toSpaceId: string, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO space_custom_field_values (space_id, field_id, value, updated_at)
     SELECT $2, field_id, value, $3 FROM space_custom_field_values WHERE space_id = $1
     ON CONFLICT (space_id, field_id) DO NOTHING`,
    [fromSpaceId, toSpaceId, now],
  );
  return rowCount;
}
