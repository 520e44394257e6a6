import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult as KyselyResult,
  type SelectQueryBuilder,
} from 'kysely';
import type { PageRequest } from '@quire/input';
import type { SqlExecutor } from './database';

/**
 * Typed SQL for stores: Kysely builds and types the statement, the one SQL port runs it. Kysely's
 * own dialects (pg's Pool, kysely-pglite) are not used because the port already is the database of
 * both modes, with what Kysely's dialects lack: PGlite's schema turns, commit signals, and the
 * caller's transaction, so the outbox insert lands in the same transaction as the change.
 */
export function typedSql<DB>(db: SqlExecutor): Kysely<DB> {
  let typed = bound.get(db);
  if (!typed) {
    typed = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new PortDriver(db),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    bound.set(db, typed);
  }
  return typed as Kysely<DB>;
}

// One Kysely per executor: a transaction's executor lives as long as its transaction.
const bound = new WeakMap<SqlExecutor, Kysely<unknown>>();

/** Runs compiled statements on the port; transactions are the port's (SqlDatabase.transaction). */
class PortDriver implements Driver {
  private readonly connection: DatabaseConnection;

  constructor(db: SqlExecutor) {
    this.connection = {
      async executeQuery<R>(query: CompiledQuery): Promise<KyselyResult<R>> {
        const result = await db.query<R>(query.sql, query.parameters as unknown[]);
        return { rows: result.rows, numAffectedRows: BigInt(result.rowCount) };
      },
      // eslint-disable-next-line require-yield -- no store streams; the signature is Kysely's
      async *streamQuery(): AsyncIterableIterator<KyselyResult<never>> {
        throw new Error('streaming is not supported by the SQL port');
      },
    };
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('open transactions with SqlDatabase.transaction (the use case owns them), not Kysely');
  }
  async commitTransaction(): Promise<void> {
    throw new Error('open transactions with SqlDatabase.transaction, not Kysely');
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error('open transactions with SqlDatabase.transaction, not Kysely');
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** One page of a list and how many rows the whole list has (the envelope's `count`). */
export interface Paged<R> {
  rows: R[];
  total: number;
}

const TOTAL = 'paged_total';

/**
 * One page of a typed list and the size of the whole list in one round trip (`count(*) OVER ()`
 * rides on each row). Every paginated list of every store reads through here (docs/conventions.md, lists). `query` carries its total order (end the
 * ORDER BY with a unique column) so pages neither repeat nor skip a row. A page with no row has
 * nowhere to carry the count, so only then is the same statement asked again for its first row.
 */
export async function pagedSelect<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: PageRequest): Promise<Paged<O>> {
  const counted = query.select(sql<number>`count(*) OVER ()::int`.as(TOTAL));
  const rows = (await counted.limit(page.limit).offset(page.offset).execute()) as (O & { [TOTAL]?: number })[];
  let total = rows[0]?.[TOTAL];
  if (total === undefined) {
    const emptyList = page.offset === 0 && page.limit > 0;
    total = emptyList ? 0 : (((await counted.limit(1).offset(0).executeTakeFirst()) as { [TOTAL]?: number } | undefined)?.[TOTAL] ?? 0);
  }
  for (const row of rows) delete row[TOTAL];
  return { rows, total };
}
