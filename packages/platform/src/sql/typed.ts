import type { SqlExecutor } from './database';

/**
 * Typed reads for stores: the row type is declared once at the call, so no `rows[0] as X` cast
 * is needed. The type is the store's contract with its own SQL (no runtime check).
 */
export async function queryRows<R>(db: SqlExecutor, sql: string, params: unknown[] = []): Promise<R[]> {
  return (await db.query<R>(sql, params)).rows;
}

/** The first row, or null when the query answered none. */
export async function queryOne<R>(db: SqlExecutor, sql: string, params: unknown[] = []): Promise<R | null> {
  return (await db.query<R>(sql, params)).rows[0] ?? null;
}

/** The row of an `INSERT … RETURNING *` (or any statement that always answers one row). */
export async function insertedRow<R>(db: SqlExecutor, sql: string, params: unknown[]): Promise<R> {
  const row = await queryOne<R>(db, sql, params);
  if (!row) throw new Error('the statement answered no row');
  return row;
}
