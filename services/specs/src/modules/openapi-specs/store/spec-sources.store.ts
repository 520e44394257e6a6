import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, OpenapiSpecSourcesTable } from '../../../database';
import type { OpenAPISpecSource } from '../model/spec-source';

export type { OpenAPISpecSource };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function specSourceOf(row: Selectable<OpenapiSpecSourcesTable>): OpenAPISpecSource {
  return { id: row.id, specId: row.spec_id, url: row.url, text: row.text, createdAt: row.created_at };
}

export async function insertSpecSource(
  db: SqlExecutor,
  source: { id: string; specId: string; url: string | null; text: string | null },
  now: Date,
): Promise<OpenAPISpecSource> {
  const row = await table(db)
    .insertInto('openapi_spec_sources')
    .values({ id: source.id, spec_id: source.specId, url: source.url, text: source.text, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return specSourceOf(row);
}

export async function findSpecSource(db: SqlExecutor, sourceId: string): Promise<OpenAPISpecSource | null> {
  const row = await table(db).selectFrom('openapi_spec_sources').selectAll().where('id', '=', sourceId).executeTakeFirst();
  return row ? specSourceOf(row) : null;
}

/** Processed (and superseded) sources are not needed any more: the version keeps the document. */
export async function deleteSpecSourcesUpTo(db: SqlExecutor, specId: string, createdAt: Date): Promise<void> {
  await table(db).deleteFrom('openapi_spec_sources').where('spec_id', '=', specId).where('created_at', '<=', createdAt).execute();
}
