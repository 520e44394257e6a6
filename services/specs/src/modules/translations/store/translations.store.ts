import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, TranslationSettingsTable } from '../../../database';
import type { TranslationFields, TranslationSettings } from '../model/translation';

export type { TranslationFields };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function translationOf(row: Selectable<TranslationSettingsTable>): TranslationSettings {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    // Written only by this store, from a string array.
    languages: row.languages as string[],
    sourceSpaceId: row.source_space_id,
    sourceLanguage: row.source_language,
    language: row.language,
    instructions: row.instructions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The column values of the fields that are given (undefined leaves a column as it is); JSON columns take JSON text. */
const columnsOf = (fields: TranslationFields) => ({
  title: fields.title,
  languages: fields.languages === undefined ? undefined : JSON.stringify(fields.languages),
  source_space_id: fields.sourceSpaceId,
  source_language: fields.sourceLanguage,
  language: fields.language,
  instructions: fields.instructions === undefined ? undefined : JSON.stringify(fields.instructions),
});

export async function insertTranslation(
  db: SqlExecutor,
  row: { id: string; organizationId: string; title: string } & TranslationFields,
  now: Date,
): Promise<TranslationSettings> {
  const inserted = await table(db)
    .insertInto('translation_settings')
    .values({
      id: row.id,
      organization_id: row.organizationId,
      title: row.title,
      languages: JSON.stringify(row.languages ?? []),
      source_space_id: row.sourceSpaceId ?? null,
      source_language: row.sourceLanguage ?? null,
      language: row.language ?? null,
      instructions: row.instructions === undefined ? null : JSON.stringify(row.instructions),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return translationOf(inserted);
}

export async function findTranslation(db: SqlExecutor, organizationId: string, id: string): Promise<TranslationSettings | null> {
  const row = await table(db)
    .selectFrom('translation_settings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? translationOf(row) : null;
}

export async function listTranslationRows(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<TranslationSettings>> {
  const query = table(db).selectFrom('translation_settings').selectAll().where('organization_id', '=', organizationId).orderBy('created_at').orderBy('id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(translationOf), total };
}

export async function updateTranslationRow(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  fields: TranslationFields,
  now: Date,
): Promise<TranslationSettings | null> {
  const row = await table(db)
    .updateTable('translation_settings')
    .set({ ...columnsOf(fields), updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? translationOf(row) : null;
}

export async function deleteTranslationRow(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const { numDeletedRows } = await table(db)
    .deleteFrom('translation_settings')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}
