import type { PageRequest } from '@quire/input';
import { assignmentsFor, insertedRow, pagedRows, queryOne, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { TranslationSettings } from '../model/translation';

interface TranslationRow {
  id: string;
  organization_id: string;
  title: string;
  languages: string[];
  source_space_id: string | null;
  source_language: string | null;
  language: string | null;
  instructions: unknown;
  created_at: Date;
  updated_at: Date;
}

/** The fields of translation settings, named as the domain names them. */
export interface TranslationFields {
  title?: string;
  languages?: string[];
  sourceSpaceId?: string;
  sourceLanguage?: string;
  language?: string;
  instructions?: unknown;
}

function translationOf(row: TranslationRow): TranslationSettings {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    languages: row.languages,
    sourceSpaceId: row.source_space_id,
    sourceLanguage: row.source_language,
    language: row.language,
    instructions: row.instructions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const COLUMNS: Record<keyof TranslationFields, string> = {
  title: 'title',
  languages: 'languages',
  sourceSpaceId: 'source_space_id',
  sourceLanguage: 'source_language',
  language: 'language',
  instructions: 'instructions',
};

const asStored = (fields: TranslationFields): Record<string, unknown> => ({
  ...fields,
  ...(fields.languages !== undefined ? { languages: JSON.stringify(fields.languages) } : {}),
  ...(fields.instructions !== undefined ? { instructions: JSON.stringify(fields.instructions) } : {}),
});

export async function insertTranslation(
  db: SqlExecutor,
  row: { id: string; organizationId: string } & TranslationFields,
  now: Date,
): Promise<TranslationSettings> {
  const inserted = await insertedRow<TranslationRow>(
    db,
    `INSERT INTO translation_settings (id, organization_id, title, languages, source_space_id, source_language, language, instructions, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
    [
      row.id,
      row.organizationId,
      row.title,
      JSON.stringify(row.languages ?? []),
      row.sourceSpaceId ?? null,
      row.sourceLanguage ?? null,
      row.language ?? null,
      row.instructions === undefined ? null : JSON.stringify(row.instructions),
      now,
    ],
  );
  return translationOf(inserted);
}

export async function findTranslation(db: SqlExecutor, organizationId: string, id: string): Promise<TranslationSettings | null> {
  const row = await queryOne<TranslationRow>(db, 'SELECT * FROM translation_settings WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  return row && translationOf(row);
}

export async function listTranslations(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<TranslationSettings>> {
  const { rows, total } = await pagedRows<TranslationRow>(
    db,
    { select: '*', from: 'FROM translation_settings WHERE organization_id = $1', orderBy: 'created_at, id', params: [organizationId] },
    page,
  );
  return { rows: rows.map(translationOf), total };
}

export async function updateTranslation(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  fields: TranslationFields,
  now: Date,
): Promise<TranslationSettings | null> {
  const params: unknown[] = [organizationId, id, now];
  const sets = assignmentsFor(asStored(fields), COLUMNS, params);
  const row = await queryOne<TranslationRow>(
    db,
    `UPDATE translation_settings SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE organization_id = $1 AND id = $2 RETURNING *`,
    params,
  );
  return row && translationOf(row);
}

export async function deleteTranslation(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM translation_settings WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  return rowCount > 0;
}
