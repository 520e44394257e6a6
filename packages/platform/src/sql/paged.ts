import type { PageRequest } from '@quire/input';
import type { SqlExecutor } from './database';
import { queryRows } from './typed';

/** One list query, in parts: the rows and their count share `with`, `from` (joins and WHERE) and `params`. */
export interface PagedQuery {
  /** A `WITH` clause placed before the SELECT (e.g. `WITH RECURSIVE tree AS (…)`). */
  with?: string;
  /** The select list. */
  select: string;
  /** `FROM … [JOIN …] [WHERE …]`. */
  from: string;
  /** A total order (end with a unique column), so pages neither repeat nor skip a row. */
  orderBy: string;
  /** The query's parameters, `$1…$n` in `select`, `from` and `orderBy`; LIMIT and OFFSET come after. */
  params?: unknown[];
}

/** One page of a list and how many rows the whole list has (the envelope's `count`). */
export interface Paged<R> {
  rows: R[];
  total: number;
}

const TOTAL = 'paged_total';

/**
 * One page of rows and the size of the whole list in one round trip: `count(*) OVER ()` counts
 * every row the query selects before LIMIT and OFFSET apply, and rides on each row of the page. A
 * page with no row (`limit` 0, or an offset past the end) has nowhere to carry it, so only then is
 * the same statement asked again for its first row. Every paginated list of every store reads
 * through here (docs/conventions.md, lists).
 */
export async function pagedRows<R>(db: SqlExecutor, query: PagedQuery, page: PageRequest): Promise<Paged<R>> {
  const params = query.params ?? [];
  const n = params.length;
  const sql =
    `${query.with ? `${query.with} ` : ''}SELECT ${query.select}, count(*) OVER ()::int AS ${TOTAL} ${query.from} ` +
    `ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const rows = await queryRows<R & { [TOTAL]?: number }>(db, sql, [...params, page.limit, page.offset]);
  let total = rows[0]?.[TOTAL];
  if (total === undefined) {
    const emptyList = page.offset === 0 && page.limit > 0;
    total = emptyList ? 0 : ((await queryRows<{ [TOTAL]: number }>(db, sql, [...params, 1, 0]))[0]?.[TOTAL] ?? 0);
  }
  for (const row of rows) delete row[TOTAL];
  return { rows, total };
}
