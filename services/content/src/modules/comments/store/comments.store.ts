import type { Comment, Reaction, Replier, Reply } from '../model/comment';
import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';

// Change-request comments, their replies and the emoji reactions on both (migrations 005, 006).

const COMMENT = `c.id, c.change_request_id AS "changeRequestId", c.space_id AS "spaceId", c.posted_by AS "postedBy", c.body,
  c.revision_id AS "revisionId", c.page_id AS "pageId", c.node_id AS "nodeId", c.table_cell AS "tableCell",
  c.posted_at AS "postedAt", c.edited_at AS "editedAt", c.resolved_at AS "resolvedAt", c.resolved_by AS "resolvedBy",
  (SELECT count(*)::int FROM change_request_comment_replies r WHERE r.comment_id = c.id) AS replies`;

const REPLY = `r.id, r.comment_id AS "commentId", r.posted_by AS "postedBy", r.body, r.posted_at AS "postedAt", r.edited_at AS "editedAt"`;

export type NewComment = Omit<Comment, 'editedAt' | 'resolvedAt' | 'resolvedBy' | 'replies'>;

export function insertComment(tx: SqlExecutor, c: NewComment): Promise<Comment> {
  return insertedRow<Comment>(
    tx,
    `INSERT INTO change_request_comments AS c (id, change_request_id, space_id, posted_by, body, revision_id, page_id, node_id, table_cell, posted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COMMENT}`,
    [c.id, c.changeRequestId, c.spaceId, c.postedBy, c.body, c.revisionId, c.pageId, c.nodeId, c.tableCell ? JSON.stringify(c.tableCell) : null, c.postedAt],
  );
}

/** A comment of a change request; `lock` holds its row until the caller's transaction ends. */
export function findComment(db: SqlExecutor, changeRequestId: string, id: string, lock = false): Promise<Comment | null> {
  return queryOne<Comment>(
    db,
    `SELECT ${COMMENT} FROM change_request_comments c WHERE c.change_request_id = $1 AND c.id = $2${lock ? ' FOR UPDATE OF c' : ''}`,
    [changeRequestId, id],
  );
}

export interface CommentFilter {
  status: 'all' | 'open' | 'resolved';
  order: 'asc' | 'desc';
  pageId?: string;
  authors?: string[];
}

/** One page of a change request's comments (by `postedAt`, then id) and how many match in all. */
export async function listComments(db: SqlExecutor, changeRequestId: string, filter: CommentFilter, page: PageRequest): Promise<Paged<Comment>> {
  const where = ['c.change_request_id = $1'];
  const params: unknown[] = [changeRequestId];
  if (filter.status === 'open') where.push('c.resolved_at IS NULL');
  if (filter.status === 'resolved') where.push('c.resolved_at IS NOT NULL');
  if (filter.pageId) {
    params.push(filter.pageId);
    where.push(`c.page_id = $${params.length}`);
  }
  if (filter.authors?.length) {
    params.push(filter.authors);
    where.push(`c.posted_by = ANY($${params.length}::text[])`);
  }
  const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
  return pagedRows<Comment>(
    db,
    { select: COMMENT, from: `FROM change_request_comments c WHERE ${where.join(' AND ')}`, orderBy: `c.posted_at ${direction}, c.id ${direction}`, params },
    page,
  );
}

// The writes below change a comment or reply the caller holds locked (findComment/findReply with
// `lock`), so its row is there and they answer it as it is now.

export function updateCommentBody(tx: SqlExecutor, id: string, body: string, now: Date): Promise<Comment> {
  return insertedRow<Comment>(tx, `UPDATE change_request_comments c SET body = $2, edited_at = $3 WHERE c.id = $1 RETURNING ${COMMENT}`, [id, body, now]);
}

/** Resolves (`by` a user) or reopens (`by` null) a comment. */
export function setCommentResolution(tx: SqlExecutor, id: string, by: string | null, now: Date): Promise<Comment> {
  return insertedRow<Comment>(tx, `UPDATE change_request_comments c SET resolved_at = $2, resolved_by = $3 WHERE c.id = $1 RETURNING ${COMMENT}`, [
    id,
    by ? now : null,
    by,
  ]);
}

/** A comment with its replies and every reaction on either (reactions have no foreign key: they serve both). */
export async function deleteComment(tx: SqlExecutor, id: string): Promise<void> {
  await tx.query('DELETE FROM comment_reactions WHERE subject_id = $1 OR subject_id IN (SELECT id FROM change_request_comment_replies WHERE comment_id = $1)', [
    id,
  ]);
  await tx.query('DELETE FROM change_request_comments WHERE id = $1', [id]);
}

export function insertReply(tx: SqlExecutor, r: Omit<Reply, 'editedAt'>): Promise<Reply> {
  return insertedRow<Reply>(
    tx,
    `INSERT INTO change_request_comment_replies AS r (id, comment_id, posted_by, body, posted_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${REPLY}`,
    [r.id, r.commentId, r.postedBy, r.body, r.postedAt],
  );
}

export function findReply(db: SqlExecutor, commentId: string, id: string, lock = false): Promise<Reply | null> {
  return queryOne<Reply>(db, `SELECT ${REPLY} FROM change_request_comment_replies r WHERE r.comment_id = $1 AND r.id = $2${lock ? ' FOR UPDATE' : ''}`, [
    commentId,
    id,
  ]);
}

/** One page of a comment's replies, oldest first (a thread reads top-down), and how many in all. */
export function listReplies(db: SqlExecutor, commentId: string, page: PageRequest): Promise<Paged<Reply>> {
  return pagedRows<Reply>(
    db,
    { select: REPLY, from: 'FROM change_request_comment_replies r WHERE r.comment_id = $1', orderBy: 'r.posted_at, r.id', params: [commentId] },
    page,
  );
}

export function updateReplyBody(tx: SqlExecutor, id: string, body: string, now: Date): Promise<Reply> {
  return insertedRow<Reply>(tx, `UPDATE change_request_comment_replies r SET body = $2, edited_at = $3 WHERE r.id = $1 RETURNING ${REPLY}`, [id, body, now]);
}

export async function deleteReply(tx: SqlExecutor, id: string): Promise<void> {
  await tx.query('DELETE FROM comment_reactions WHERE subject_id = $1', [id]);
  await tx.query('DELETE FROM change_request_comment_replies WHERE id = $1', [id]);
}

/** Adds a user's reactions; one per user per emoji, so adding one twice changes nothing. */
export async function addReactions(tx: SqlExecutor, subjectId: string, userId: string, emojis: string[], now: Date): Promise<void> {
  if (!emojis.length) return;
  await tx.query(
    `INSERT INTO comment_reactions (subject_id, user_id, emoji, reacted_at) SELECT $1, $2, e, $4 FROM unnest($3::text[]) AS e
     ON CONFLICT DO NOTHING`,
    [subjectId, userId, emojis, now],
  );
}

export async function removeReactions(tx: SqlExecutor, subjectId: string, userId: string, emojis: string[]): Promise<void> {
  if (!emojis.length) return;
  await tx.query('DELETE FROM comment_reactions WHERE subject_id = $1 AND user_id = $2 AND emoji = ANY($3::text[])', [subjectId, userId, emojis]);
}

/** The repliers of each of `commentIds`, the most recent first. */
export function repliersOf(db: SqlExecutor, commentIds: string[]): Promise<Replier[]> {
  if (!commentIds.length) return Promise.resolve([]);
  return queryRows<Replier>(
    db,
    `SELECT comment_id AS "commentId", posted_by AS "userId", count(*)::int AS count, max(posted_at) AS "lastRepliedAt"
     FROM change_request_comment_replies WHERE comment_id = ANY($1::text[])
     GROUP BY comment_id, posted_by ORDER BY max(posted_at) DESC, posted_by`,
    [commentIds],
  );
}

/** The reactions on comments or replies, in one query for all of them, oldest first. */
export function reactionsOn(db: SqlExecutor, subjectIds: string[]): Promise<Reaction[]> {
  if (!subjectIds.length) return Promise.resolve([]);
  return queryRows<Reaction>(
    db,
    `SELECT subject_id AS "subjectId", user_id AS "userId", emoji, reacted_at AS "reactedAt" FROM comment_reactions
     WHERE subject_id = ANY($1::text[]) ORDER BY reacted_at, emoji, user_id`,
    [subjectIds],
  );
}
