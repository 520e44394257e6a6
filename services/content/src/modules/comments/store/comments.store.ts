import type { Comment, Commenter, CommentHome, Reaction, Replier, Reply, TableCellTarget } from '../model/comment';
import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { ChangeRequestCommentsTable, Database } from '../../../database';

// Comments (on a change request, or on a space's live content when `change_request_id` is null),
// their replies and the emoji reactions on both (migrations 005, 006, 014).

const table = (db: SqlExecutor) => typedSql<Database>(db);

function commentOf(row: Selectable<ChangeRequestCommentsTable> & { replies: number }): Comment {
  return {
    id: row.id,
    changeRequestId: row.change_request_id,
    spaceId: row.space_id,
    postedBy: row.posted_by,
    body: row.body,
    revisionId: row.revision_id,
    pageId: row.page_id,
    nodeId: row.node_id,
    tableCell: row.table_cell as TableCellTarget | null,
    postedAt: row.posted_at,
    editedAt: row.edited_at,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
    replies: row.replies,
  };
}

/** A comment's reply count, over the row named `c` (or the table in an INSERT's RETURNING). */
const replyCount = (c: 'c' | 'change_request_comments') =>
  sql<number>`(SELECT count(*)::int FROM change_request_comment_replies r WHERE r.comment_id = ${sql.ref(`${c}.id`)})`.as('replies');

const comments = (db: SqlExecutor) => table(db).selectFrom('change_request_comments as c').selectAll('c').select(replyCount('c'));

/** The comments (named `c`) of one change request, or the space's own (no change request). */
const inHome = (home: CommentHome) =>
  home.changeRequestId === null
    ? sql<boolean>`c.space_id = ${home.spaceId} AND c.change_request_id IS NULL`
    : sql<boolean>`c.space_id = ${home.spaceId} AND c.change_request_id = ${home.changeRequestId}`;

const REPLY = ['id', 'comment_id as commentId', 'posted_by as postedBy', 'body', 'posted_at as postedAt', 'edited_at as editedAt'] as const;

export type NewComment = Omit<Comment, 'editedAt' | 'resolvedAt' | 'resolvedBy' | 'replies'>;

export async function insertComment(db: SqlExecutor, c: NewComment): Promise<Comment> {
  const row = await table(db)
    .insertInto('change_request_comments')
    .values({
      id: c.id,
      change_request_id: c.changeRequestId,
      space_id: c.spaceId,
      posted_by: c.postedBy,
      body: c.body,
      revision_id: c.revisionId,
      page_id: c.pageId,
      node_id: c.nodeId,
      table_cell: c.tableCell ? JSON.stringify(c.tableCell) : null,
      posted_at: c.postedAt,
    })
    .returningAll()
    .returning(replyCount('change_request_comments'))
    .executeTakeFirstOrThrow();
  return commentOf(row);
}

/** A comment of a change request or space; `lock` holds its row until the caller's transaction ends. */
export async function findComment(db: SqlExecutor, home: CommentHome, id: string, lock = false): Promise<Comment | null> {
  const query = comments(db).where(inHome(home)).where('c.id', '=', id);
  const row = await (lock ? query.forUpdate('c') : query).executeTakeFirst();
  return row ? commentOf(row) : null;
}

export interface CommentFilter {
  status: 'all' | 'open' | 'resolved';
  order: 'asc' | 'desc';
  pageId?: string;
  authors?: string[];
}

/** One page of a change request's (or space's) comments (by `postedAt`, then id) and how many match in all. */
export async function listCommentRows(db: SqlExecutor, home: CommentHome, filter: CommentFilter, page: PageRequest): Promise<Paged<Comment>> {
  const query = comments(db)
    .where(inHome(home))
    .$if(filter.status === 'open', (q) => q.where('c.resolved_at', 'is', null))
    .$if(filter.status === 'resolved', (q) => q.where('c.resolved_at', 'is not', null))
    .$if(filter.pageId !== undefined && filter.pageId !== '', (q) => q.where('c.page_id', '=', filter.pageId as string))
    .$if((filter.authors?.length ?? 0) > 0, (q) => q.where('c.posted_by', 'in', filter.authors as string[]))
    .orderBy('c.posted_at', filter.order)
    .orderBy('c.id', filter.order);
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(commentOf), total };
}

// The writes below change a comment or reply the caller holds locked (findComment/findReply with
// `lock`), so its row is there and they answer it as it is now.

export async function updateCommentBody(db: SqlExecutor, id: string, body: string, now: Date): Promise<Comment> {
  return table(db)
    .updateTable('change_request_comments as c')
    .set({ body, edited_at: now })
    .where('c.id', '=', id)
    .returningAll()
    .returning(replyCount('c'))
    .executeTakeFirstOrThrow()
    .then(commentOf);
}

/** Resolves (`by` a user) or reopens (`by` null) a comment. */
export async function setCommentResolution(db: SqlExecutor, id: string, by: string | null, now: Date): Promise<Comment> {
  return table(db)
    .updateTable('change_request_comments as c')
    .set({ resolved_at: by ? now : null, resolved_by: by })
    .where('c.id', '=', id)
    .returningAll()
    .returning(replyCount('c'))
    .executeTakeFirstOrThrow()
    .then(commentOf);
}

/** A comment with its replies and every reaction on either (reactions have no foreign key: they serve both). */
export async function deleteCommentRows(db: SqlExecutor, id: string): Promise<void> {
  await table(db)
    .deleteFrom('comment_reactions')
    .where((eb) =>
      eb.or([eb('subject_id', '=', id), eb('subject_id', 'in', eb.selectFrom('change_request_comment_replies').select('id').where('comment_id', '=', id))]),
    )
    .execute();
  await table(db).deleteFrom('change_request_comments').where('id', '=', id).execute();
}

export function insertReply(db: SqlExecutor, r: Omit<Reply, 'editedAt'>): Promise<Reply> {
  return table(db)
    .insertInto('change_request_comment_replies')
    .values({ id: r.id, comment_id: r.commentId, posted_by: r.postedBy, body: r.body, posted_at: r.postedAt })
    .returning(REPLY)
    .executeTakeFirstOrThrow();
}

export async function findReply(db: SqlExecutor, commentId: string, id: string, lock = false): Promise<Reply | null> {
  const query = table(db).selectFrom('change_request_comment_replies').select(REPLY).where('comment_id', '=', commentId).where('id', '=', id);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** One page of a comment's replies, oldest first (a thread reads top-down), and how many in all. */
export function listReplyRows(db: SqlExecutor, commentId: string, page: PageRequest): Promise<Paged<Reply>> {
  return pagedSelect(
    table(db).selectFrom('change_request_comment_replies').select(REPLY).where('comment_id', '=', commentId).orderBy('posted_at').orderBy('id'),
    page,
  );
}

export function updateReplyBody(db: SqlExecutor, id: string, body: string, now: Date): Promise<Reply> {
  return table(db).updateTable('change_request_comment_replies').set({ body, edited_at: now }).where('id', '=', id).returning(REPLY).executeTakeFirstOrThrow();
}

export async function deleteReplyRows(db: SqlExecutor, id: string): Promise<void> {
  await table(db).deleteFrom('comment_reactions').where('subject_id', '=', id).execute();
  await table(db).deleteFrom('change_request_comment_replies').where('id', '=', id).execute();
}

/** Adds a user's reactions; one per user per emoji, so adding one twice changes nothing. */
export async function addReactions(db: SqlExecutor, subjectId: string, userId: string, emojis: string[], now: Date): Promise<void> {
  if (!emojis.length) return;
  await table(db)
    .insertInto('comment_reactions')
    .values(emojis.map((emoji) => ({ subject_id: subjectId, user_id: userId, emoji, reacted_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeReactions(db: SqlExecutor, subjectId: string, userId: string, emojis: string[]): Promise<void> {
  if (!emojis.length) return;
  await table(db).deleteFrom('comment_reactions').where('subject_id', '=', subjectId).where('user_id', '=', userId).where('emoji', 'in', emojis).execute();
}

/** The repliers of each of `commentIds`, the most recent first. */
export async function repliersOf(db: SqlExecutor, commentIds: string[]): Promise<Replier[]> {
  if (!commentIds.length) return [];
  return table(db)
    .selectFrom('change_request_comment_replies')
    .select(['comment_id as commentId', 'posted_by as userId', sql<number>`count(*)::int`.as('count'), sql<Date>`max(posted_at)`.as('lastRepliedAt')])
    .where('comment_id', 'in', commentIds)
    .groupBy(['comment_id', 'posted_by'])
    .orderBy(sql`max(posted_at)`, 'desc')
    .orderBy('posted_by')
    .execute();
}

/** The reactions on comments or replies, in one query for all of them, oldest first. */
export async function reactionsOn(db: SqlExecutor, subjectIds: string[]): Promise<Reaction[]> {
  if (!subjectIds.length) return [];
  return table(db)
    .selectFrom('comment_reactions')
    .select(['subject_id as subjectId', 'user_id as userId', 'emoji', 'reacted_at as reactedAt'])
    .where('subject_id', 'in', subjectIds)
    .orderBy('reacted_at')
    .orderBy('emoji')
    .orderBy('user_id')
    .execute();
}

/**
 * One page of the people who posted comments or replies in a change request or a space's live
 * content, by their first post (then id), and how many in all.
 */
export function listCommenterRows(db: SqlExecutor, home: CommentHome, page: PageRequest): Promise<Paged<Commenter>> {
  const posts = table(db)
    .selectFrom('change_request_comments as c')
    .where(inHome(home))
    .select(['c.posted_by as userId', 'c.posted_at as postedAt'])
    .unionAll(
      table(db)
        .selectFrom('change_request_comments as c')
        .where(inHome(home))
        .innerJoin('change_request_comment_replies as r', 'r.comment_id', 'c.id')
        .select(['r.posted_by as userId', 'r.posted_at as postedAt']),
    );
  const query = table(db)
    .selectFrom(posts.as('p'))
    .select(['p.userId', sql<Date>`min(p."postedAt")`.as('firstPostedAt')])
    .groupBy('p.userId')
    .orderBy(sql`min(p."postedAt")`)
    .orderBy('p.userId');
  return pagedSelect(query, page);
}
