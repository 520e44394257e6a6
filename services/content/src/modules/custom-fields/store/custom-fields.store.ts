import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { CustomFieldsTable, Database } from '../../../database';
import type { CustomField, CustomFieldChanges } from '../model/custom-field';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/** A definition from its row (`seq` only orders lists); custom-field-values.store.ts reads them too. */
export function customFieldOf(row: Selectable<CustomFieldsTable>): CustomField {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    type: row.type,
    title: row.title,
    description: row.description,
    placeholder: row.placeholder,
    options: row.options,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type NewCustomField = Omit<CustomField, 'createdAt' | 'updatedAt'>;

/** Inserts a definition; null when the organization already has a field of that name. */
export async function insertCustomField(db: SqlExecutor, field: NewCustomField, now: Date): Promise<CustomField | null> {
  const row = await table(db)
    .insertInto('custom_fields')
    .values({
      id: field.id,
      organization_id: field.organizationId,
      name: field.name,
      type: field.type,
      title: field.title,
      description: field.description,
      placeholder: field.placeholder,
      options: field.options,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? customFieldOf(row) : null;
}

/**
 * A definition by name. `lock` holds it until the transaction ends (FOR UPDATE), so its options
 * cannot change while values are checked against them or pruned.
 */
export async function findCustomFieldByName(db: SqlExecutor, organizationId: string, name: string, lock = false): Promise<CustomField | null> {
  const query = table(db).selectFrom('custom_fields').selectAll().where('organization_id', '=', organizationId).where('name', '=', name);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row ? customFieldOf(row) : null;
}

/** One page of an organization's definitions, oldest first. */
export async function listCustomFieldRows(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<CustomField>> {
  const { rows, total } = await pagedSelect(
    table(db).selectFrom('custom_fields').selectAll().where('organization_id', '=', organizationId).orderBy('seq'),
    page,
  );
  return { rows: rows.map(customFieldOf), total };
}

/**
 * The definitions of an organization with the given names, shared-locked until the transaction
 * ends so that no PATCH of their options or DELETE slips in between checking a value and storing it.
 */
export async function lockCustomFieldsByName(db: SqlExecutor, organizationId: string, names: string[]): Promise<CustomField[]> {
  if (names.length === 0) return [];
  const rows = await table(db)
    .selectFrom('custom_fields')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('name', 'in', names)
    .orderBy('seq')
    .forShare()
    .execute();
  return rows.map(customFieldOf);
}

/** The fields PATCH may change. */
export type { CustomFieldChanges } from '../model/custom-field';

/** The column values of the changes that are present (undefined leaves a column as it is). */
const columnsOf = (changes: CustomFieldChanges) => ({
  title: changes.title,
  description: changes.description,
  placeholder: changes.placeholder,
  options: changes.options,
});

export async function updateCustomFieldRow(db: SqlExecutor, id: string, changes: CustomFieldChanges, now: Date): Promise<CustomField | null> {
  const row = await table(db)
    .updateTable('custom_fields')
    .set({ updated_at: now, ...columnsOf(changes) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? customFieldOf(row) : null;
}

/** Deletes a definition; its values go with it (ON DELETE CASCADE). */
export async function deleteCustomFieldRow(db: SqlExecutor, id: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('custom_fields').where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}
