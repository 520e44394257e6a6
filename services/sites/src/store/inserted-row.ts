import { queryOne, type SqlExecutor } from '@quire/common';

/** The row of an `INSERT … RETURNING *`, which always answers one (typed, no cast). */
export async function insertedRow<R>(db: SqlExecutor, sql: string, params: unknown[]): Promise<R> {
  const row = await queryOne<R>(db, sql, params);
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}
