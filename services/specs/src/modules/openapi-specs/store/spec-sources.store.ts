import { insertedRow, queryOne, type SqlExecutor } from '@quire/platform/sql';

/** A source of a spec waiting to be processed: a URL to fetch, or the document's text. */
export interface OpenAPISpecSource {
  id: string;
  specId: string;
  url: string | null;
  text: string | null;
  createdAt: Date;
}

interface SpecSourceRow {
  id: string;
  spec_id: string;
  url: string | null;
  text: string | null;
  created_at: Date;
}

function specSourceOf(row: SpecSourceRow): OpenAPISpecSource {
  return { id: row.id, specId: row.spec_id, url: row.url, text: row.text, createdAt: row.created_at };
}

export async function insertSpecSource(
  db: SqlExecutor,
  source: { id: string; specId: string; url: string | null; text: string | null },
  now: Date,
): Promise<OpenAPISpecSource> {
  const row = await insertedRow<SpecSourceRow>(
    db,
    'INSERT INTO openapi_spec_sources (id, spec_id, url, text, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    [source.id, source.specId, source.url, source.text, now],
  );
  return specSourceOf(row);
}

export async function findSpecSource(db: SqlExecutor, sourceId: string): Promise<OpenAPISpecSource | null> {
  const row = await queryOne<SpecSourceRow>(db, 'SELECT * FROM openapi_spec_sources WHERE id = $1', [sourceId]);
  return row && specSourceOf(row);
}

/** Processed (and superseded) sources are not needed any more: the version keeps the document. */
export async function deleteSpecSourcesUpTo(db: SqlExecutor, specId: string, createdAt: Date): Promise<void> {
  await db.query('DELETE FROM openapi_spec_sources WHERE spec_id = $1 AND created_at <= $2', [specId, createdAt]);
}
