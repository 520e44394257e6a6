import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { sendJson, route } from '@quire/platform/http';
import type { SqlExecutor } from '@quire/platform/sql';
import { markdownBody, withMarkdownBody } from '../../domain/comments/comment-body';
import { postReply, removeReply, updateReply } from '../../domain/comments/comments';
import { findComment, findReply, listReplies, type Comment } from '../../store/comments.store';
import { answerReplies, answerReply, type CommentDeps } from './comment-answers';
import { commentAccess, commentAuthor } from './comment-access';
import { commentParams, formatQuery, listRepliesQuery, postReplyBody, replyParams, updateCommentBody } from './comments.schema';

async function existingComment(db: SqlExecutor, changeRequestId: string, commentId: string): Promise<Comment> {
  const comment = await findComment(db, changeRequestId, commentId);
  if (!comment) throw notFound(`Comment ${commentId} not found`);
  return comment;
}

/** A comment's replies under `base` (…/comments/:commentId/replies): the same roles as comments. */
export function commentRepliesRoutes(deps: CommentDeps, base: string): Router {
  const { db, clock } = deps;
  const router = Router();

  router.get(
    base,
    route({ params: commentParams, query: listRepliesQuery }, async ({ params, query, principal }, res) => {
      const { actor, scope } = await commentAccess(deps, params, principal, 'read', query.format);
      const comment = await existingComment(db, actor.changeRequest.id, params.commentId);
      const page = pageRequest(query);
      const { rows, total } = await listReplies(db, comment.id, page);
      sendJson(res, listEnvelope(await answerReplies(deps, rows, scope), total, page));
    }),
  );

  // 200, not 201, as the reference answers a posted reply; `format` shapes the answer.
  router.post(
    base,
    route(
      {
        params: commentParams,
        query: formatQuery,
        body: postReplyBody,
        authorize: ({ params, query, principal }) => commentAccess(deps, params, principal, 'comment', query.format),
      },
      async ({ params, body, authorized: { actor, scope } }, res) => {
        const reply = await postReply(db, actor, params.commentId, await markdownBody(body.body, deps.conversions), clock());
        const answer = await answerReply(deps, reply, scope);
        sendJson(res.location(answer.urls.location), answer);
      },
    ),
  );

  router.get(
    `${base}/:commentReplyId`,
    route({ params: replyParams, query: formatQuery }, async ({ params, query, principal }, res) => {
      const { actor, scope } = await commentAccess(deps, params, principal, 'read', query.format);
      const comment = await existingComment(db, actor.changeRequest.id, params.commentId);
      const reply = await findReply(db, comment.id, params.commentReplyId);
      if (!reply) throw notFound(`Reply ${params.commentReplyId} not found`);
      sendJson(res, await answerReply(deps, reply, scope));
    }),
  );

  router.put(
    `${base}/:commentReplyId`,
    route({ params: replyParams, body: updateCommentBody, authorize: commentAuthor(deps) }, async ({ params, body, authorized: { actor, scope } }, res) => {
      const reply = await updateReply(db, actor, params.commentId, params.commentReplyId, await withMarkdownBody(body, deps.conversions), clock());
      sendJson(res, await answerReply(deps, reply, scope));
    }),
  );

  // 205 as for comments.
  router.delete(
    `${base}/:commentReplyId`,
    route({ params: replyParams }, async ({ params, principal }, res) => {
      const { actor } = await commentAccess(deps, params, principal, 'comment');
      await removeReply(db, actor, params.commentId, params.commentReplyId);
      res.status(205).end();
    }),
  );

  return router;
}
