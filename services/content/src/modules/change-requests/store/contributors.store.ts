import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/** A user's contributions of one kind to a change request. */
export interface Contribution {
  userId: string;
  count: number;
  updatedAt: Date;
}

/**
 * Who wrote the change request's revisions since it was opened: its head back along first
 * parents to `revisionInitial` (excluded: main's), counted per author.
 */
export async function editContributions(db: SqlExecutor, spaceId: string, head: string, initial: string): Promise<Contribution[]> {
  const rows = await table(db)
    .withRecursive('chain(id, parent, created_by, created_at, depth)', (qb) =>
      qb
        .selectFrom('revisions')
        .select(['id', sql<string>`parents[1]`.as('parent'), 'created_by', 'created_at', sql<number>`0`.as('depth')])
        .where('space_id', '=', spaceId)
        .where('id', '=', head)
        .where('id', '!=', initial)
        .unionAll((u) =>
          u
            .selectFrom('revisions as r')
            .innerJoin('chain as c', 'c.parent', 'r.id')
            .select(['r.id', sql<string>`r.parents[1]`.as('parent'), 'r.created_by', 'r.created_at', sql<number>`c.depth + 1`.as('depth')])
            .where('r.space_id', '=', spaceId)
            .where('r.id', '!=', initial)
            .where(sql<boolean>`c.depth < 10000`),
        ),
    )
    .selectFrom('chain')
    .select(['created_by', sql<number>`count(*)::int`.as('count'), sql<Date>`max(created_at)`.as('updated_at')])
    .where('created_by', 'is not', null)
    .groupBy('created_by')
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map((r) => ({ userId: r.created_by as string, count: r.count, updatedAt: new Date(r.updated_at) }));
}

/** Who posted comments and replies in the change request, counted per author. */
export async function commentContributions(db: SqlExecutor, changeRequestId: string): Promise<Contribution[]> {
  const rows = await table(db)
    .selectFrom((eb) =>
      eb
        .selectFrom('change_request_comments')
        .select(['posted_by', 'posted_at'])
        .where('change_request_id', '=', changeRequestId)
        .unionAll(
          eb
            .selectFrom('change_request_comment_replies as r')
            .innerJoin('change_request_comments as c', 'c.id', 'r.comment_id')
            .select(['r.posted_by', 'r.posted_at'])
            .where('c.change_request_id', '=', changeRequestId),
        )
        .as('posts'),
    )
    .select(['posted_by', sql<number>`count(*)::int`.as('count'), sql<Date>`max(posted_at)`.as('updated_at')])
    .groupBy('posted_by')
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map((r) => ({ userId: r.posted_by, count: r.count, updatedAt: new Date(r.updated_at) }));
}
