import type { PageRequest } from '@quire/input';
import { assignmentsFor, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { CustomField } from '../model/custom-field';

/** The row of CUSTOM_FIELD_COLUMNS (custom-field-values.store.ts selects them too). */
export interface CustomFieldRow {
  id: string;
  organization_id: string;
  name: string;
  type: string;
  title: string;
  description: string;
  placeholder: string;
  options: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export function customFieldOf(row: CustomFieldRow): CustomField {
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

// Every column but `seq`, which only orders lists.
export const CUSTOM_FIELD_COLUMNS = ['id', 'organization_id', 'name', 'type', 'title', 'description', 'placeholder', 'options', 'created_at', 'updated_at'];
const COLUMNS = CUSTOM_FIELD_COLUMNS.join(', ');

export type NewCustomField = Omit<CustomField, 'createdAt' | 'updatedAt'>;

/** Inserts a definition; null when the organization already has a field of that name. */
export async function insertCustomField(db: SqlExecutor, field: NewCustomField, now: Date): Promise<CustomField | null> {
  const row = await queryOne<CustomFieldRow>(
    db,
    `INSERT INTO custom_fields (id, organization_id, name, type, title, description, placeholder, options, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (organization_id, name) DO NOTHING
     RETURNING ${COLUMNS}`,
    [field.id, field.organizationId, field.name, field.type, field.title, field.description, field.placeholder, field.options, now],
  );
  return row && customFieldOf(row);
}

/**
 * A definition by name. `lock` holds it until the transaction ends (FOR UPDATE), so its options
 * cannot change while values are checked against them or pruned.
 */
export async function findCustomFieldByName(db: SqlExecutor, organizationId: string, name: string, lock = false): Promise<CustomField | null> {
  const row = await queryOne<CustomFieldRow>(db, `SELECT ${COLUMNS} FROM custom_fields WHERE organization_id = $1 AND name = $2${lock ? ' FOR UPDATE' : ''}`, [
    organizationId,
    name,
  ]);
  return row && customFieldOf(row);
}

/** One page of an organization's definitions, oldest first. */
export async function listCustomFields(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<CustomField>> {
  const { rows, total } = await pagedRows<CustomFieldRow>(
    db,
    { select: COLUMNS, from: 'FROM custom_fields WHERE organization_id = $1', orderBy: 'seq', params: [organizationId] },
    page,
  );
  return { rows: rows.map(customFieldOf), total };
}

/**
 * The definitions of an organization with the given names, shared-locked until the transaction
 * ends so that no PATCH of their options or DELETE slips in between checking a value and storing it.
 */
export async function lockCustomFieldsByName(db: SqlExecutor, organizationId: string, names: string[]): Promise<CustomField[]> {
  const rows = await queryRows<CustomFieldRow>(
    db,
    `SELECT ${COLUMNS} FROM custom_fields WHERE organization_id = $1 AND name = ANY($2::text[]) ORDER BY seq FOR SHARE`,
    [organizationId, names],
  );
  return rows.map(customFieldOf);
}

/** The fields PATCH may change. */
export interface CustomFieldChanges {
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

const CHANGE_COLUMNS: Record<keyof CustomFieldChanges, string> = {
  title: 'title',
  description: 'description',
  placeholder: 'placeholder',
  options: 'options',
};

export async function updateCustomField(db: SqlExecutor, id: string, changes: CustomFieldChanges, now: Date): Promise<CustomField | null> {
  const params: unknown[] = [id, now];
  const sets = ['updated_at = $2', ...assignmentsFor(changes, CHANGE_COLUMNS, params)];
  const row = await queryOne<CustomFieldRow>(db, `UPDATE custom_fields SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, params);
  return row && customFieldOf(row);
}

/** Deletes a definition; its values go with it (ON DELETE CASCADE). */
export async function deleteCustomField(db: SqlExecutor, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM custom_fields WHERE id = $1', [id]);
  return rowCount > 0;
}
