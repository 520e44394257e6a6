import type { Role } from '@quire/access';
import { enqueueEvent } from '@quire/platform/outbox';
import { badRequest, forbidden, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import type { Cache } from '@quire/platform/cache';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { ChangeRequest } from '../../change-requests';
import {
  addReactions,
  deleteComment,
  deleteReply,
  findComment,
  findReply,
  insertComment,
  insertReply,
  removeReactions,
  setCommentResolution,
  updateCommentBody,
  updateReplyBody,
} from '../store/comments.store';
import type { Comment, Reply, TableCellTarget } from '../model/comment';
import { loadRevision } from '../../revisions';
import type { MarkdownBody } from './comment-body';

// Comments and replies on a change request: each command is one transaction, with its outbox
// event. Who may call them at all (`comment` on the space) is checked by the route's policy; what
// depends on the comment itself (authorship, admin) is checked here, under the row's lock.

/** Who acts, on which change request, with which level on its space. */
export interface CommentActor {
  spaceId: string;
  organizationId: string;
  changeRequest: ChangeRequest;
  userId: string;
  level: Role;
}

/** Bodies come as markdown: a posted document is converted before (comment-body.ts). */
export interface CommentChanges {
  body?: MarkdownBody;
  resolved?: boolean;
  addedReactions?: string[];
  removedReactions?: string[];
}

/** The facts comment events carry (content-events.ts). */
const commentFacts = (actor: CommentActor, commentId: string) => ({
  spaceId: actor.spaceId,
  organizationId: actor.organizationId,
  changeRequestId: actor.changeRequest.id,
  commentId,
});

/** Its author edits a body; nobody else does, not even an admin (words are not put in their mouth). */
const mayEditBody = (actor: CommentActor, postedBy: string) => postedBy === actor.userId;
/** Its author or a space admin deletes a comment or a reply. */
export const mayDelete = (actor: Pick<CommentActor, 'userId' | 'level'>, postedBy: string) => postedBy === actor.userId || actor.level === 'admin';

export async function postComment(
  db: SqlDatabase,
  cache: Cache,
  actor: CommentActor,
  post: { body: MarkdownBody; page?: string; node?: string; tableCell?: TableCellTarget },
  now: Date,
): Promise<Comment> {
  const body = post.body.markdown;
  // The change request's current revision: its pages are what a reviewer sees and comments on.
  const revisionId = actor.changeRequest.revisionId;
  if (post.page !== undefined) {
    const { index } = await loadRevision(db, cache, actor.spaceId, revisionId);
    if (!index.page(post.page)) throw badRequest(`Invalid body field "page": page ${post.page} is not in change request #${actor.changeRequest.number}`);
  }
  const id = newId();
  return db.transaction(async (tx) => {
    const comment = await insertComment(tx, {
      id,
      changeRequestId: actor.changeRequest.id,
      spaceId: actor.spaceId,
      postedBy: actor.userId,
      body,
      revisionId,
      pageId: post.page ?? null,
      nodeId: post.node ?? null,
      tableCell: post.tableCell ?? null,
      postedAt: now,
    });
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, actor.spaceId, ContentEvent.commentCreated, { ...commentFacts(actor, id), postedBy: actor.userId }), now);
    return comment;
  });
}

/** PUT: the body (its author), resolved or reopened (any commenter), the caller's reactions. */
export async function updateComment(db: SqlDatabase, actor: CommentActor, commentId: string, changes: CommentChanges, now: Date): Promise<Comment> {
  return db.transaction(async (tx) => {
    const comment = await lockedComment(tx, actor, commentId);
    let updated = comment;
    if (changes.body !== undefined) {
      if (!mayEditBody(actor, comment.postedBy)) throw forbidden('Only its author can edit a comment');
      updated = await updateCommentBody(tx, comment.id, changes.body.markdown, now);
    }
    const isResolved = comment.resolvedAt !== null;
    if (changes.resolved !== undefined && changes.resolved !== isResolved) {
      updated = await setCommentResolution(tx, comment.id, changes.resolved ? actor.userId : null, now);
      if (changes.resolved)
        await enqueueEvent(
          tx,
          outboxEvent(CONTENT_TOPIC, actor.spaceId, ContentEvent.commentResolved, { ...commentFacts(actor, comment.id), resolvedBy: actor.userId }),
          now,
        );
    }
    await react(tx, comment.id, actor.userId, changes, now);
    return updated;
  });
}

/** Deletes a comment with its replies and their reactions. */
export async function removeComment(db: SqlDatabase, actor: CommentActor, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const comment = await lockedComment(tx, actor, commentId);
    if (!mayDelete(actor, comment.postedBy)) throw forbidden('Only its author or a space admin can delete a comment');
    await deleteComment(tx, comment.id);
  });
}

export async function postReply(db: SqlDatabase, actor: CommentActor, commentId: string, body: MarkdownBody, now: Date): Promise<Reply> {
  const markdown = body.markdown;
  return db.transaction(async (tx) => {
    // The comment's row is locked so that a reply never lands on a comment being deleted.
    const comment = await lockedComment(tx, actor, commentId);
    const id = newId();
    return insertReply(tx, { id, commentId: comment.id, postedBy: actor.userId, body: markdown, postedAt: now });
  });
}

/** PUT on a reply: its body (its author) and the caller's reactions; `resolved` means nothing here. */
export async function updateReply(
  db: SqlDatabase,
  actor: CommentActor,
  commentId: string,
  replyId: string,
  changes: CommentChanges,
  now: Date,
): Promise<Reply> {
  return db.transaction(async (tx) => {
    const reply = await lockedReply(tx, actor, commentId, replyId);
    let updated = reply;
    if (changes.body !== undefined) {
      if (!mayEditBody(actor, reply.postedBy)) throw forbidden('Only its author can edit a reply');
      updated = await updateReplyBody(tx, reply.id, changes.body.markdown, now);
    }
    await react(tx, reply.id, actor.userId, changes, now);
    return updated;
  });
}

export async function removeReply(db: SqlDatabase, actor: CommentActor, commentId: string, replyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const reply = await lockedReply(tx, actor, commentId, replyId);
    if (!mayDelete(actor, reply.postedBy)) throw forbidden('Only its author or a space admin can delete a reply');
    await deleteReply(tx, reply.id);
  });
}

/** Added before removed, so an emoji in both lists ends up removed. */
async function react(tx: SqlExecutor, subjectId: string, userId: string, changes: CommentChanges, now: Date): Promise<void> {
  await addReactions(tx, subjectId, userId, [...new Set(changes.addedReactions ?? [])], now);
  await removeReactions(tx, subjectId, userId, [...new Set(changes.removedReactions ?? [])]);
}

async function lockedComment(tx: SqlExecutor, actor: CommentActor, commentId: string): Promise<Comment> {
  const comment = await findComment(tx, actor.changeRequest.id, commentId, true);
  if (!comment) throw notFound(`Comment ${commentId} not found`);
  return comment;
}

async function lockedReply(tx: SqlExecutor, actor: CommentActor, commentId: string, replyId: string): Promise<Reply> {
  const comment = await findComment(tx, actor.changeRequest.id, commentId);
  const reply = comment ? await findReply(tx, comment.id, replyId, true) : null;
  if (!reply) throw notFound(`Reply ${replyId} not found`);
  return reply;
}
