import { insertedRow, queryOne, type SqlExecutor } from '@quire/common';

export interface SpecSourceRow {
  id: string;
  spec_id: string;
  url: string | null;
  text: string | null;
  created_at: Date;
}

export function insertSpecSource(db: SqlExecutor, source: { id: string; specId: string; url: string | null; text: string | null }, now: Date) {
  return insertedRow<SpecSourceRow>(db, 'INSERT INTO openapi_spec_sources (id, spec_id, url, text, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
    source.id,
    source.specId,
    source.url,
    source.text,
    now,
  ]);
}

export function findSpecSource(db: SqlExecutor, sourceId: string): Promise<SpecSourceRow | null> {
  return queryOne<SpecSourceRow>(db, 'SELECT * FROM openapi_spec_sources WHERE id = $1', [sourceId]);
}

/** Processed (and superseded) sources are not needed any more: the version keeps the document. */
export async function deleteSpecSourcesUpTo(db: SqlExecutor, specId: string, createdAt: Date): Promise<void> {
  await db.query('DELETE FROM openapi_spec_sources WHERE spec_id = $1 AND created_at <= $2', [specId, createdAt]);
}
