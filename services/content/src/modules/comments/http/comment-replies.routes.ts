import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { sendJson, route } from '@quire/platform/http';
import { deleteReply } from '../application/delete-reply';
import { getReply } from '../application/get-reply';
import { listReplies } from '../application/list-replies';
import { postReply } from '../application/post-reply';
import { updateReply } from '../application/update-reply';
import { answerReplies, answerReply, type CommentDeps } from './comment-answers';
import { commentAuthor } from '../application/comment-access';
import { type CommentRoutesAt, formatQuery, listRepliesQuery, postReplyBody, updateCommentBody } from './comments.schema';

/** A comment's replies (…/comments/:commentId/replies): the same roles as comments. */
export function commentRepliesRoutes(deps: CommentDeps, at: CommentRoutesAt): Router {
  const router = Router();
  const base = `${at.base}/:commentId/replies`;
  const { comment: commentParams, reply: replyParams } = at;

  router.get(
    base,
    route({ params: commentParams, query: listRepliesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total, scope } = await listReplies(deps, principal, { ...params, page, format: query.format });
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
        authorize: commentAuthor(deps),
      },
      async ({ params, body, authorized: { actor, scope } }, res) => {
        const reply = await postReply(deps, actor, { commentId: params.commentId, body: body.body });
        const answer = await answerReply(deps, reply, scope);
        sendJson(res.location(answer.urls.location), answer);
      },
    ),
  );

  router.get(
    `${base}/:commentReplyId`,
    route({ params: replyParams, query: formatQuery }, async ({ params, query, principal }, res) => {
      const { reply, scope } = await getReply(deps, principal, { ...params, replyId: params.commentReplyId, format: query.format });
      sendJson(res, await answerReply(deps, reply, scope));
    }),
  );

  router.put(
    `${base}/:commentReplyId`,
    route({ params: replyParams, body: updateCommentBody, authorize: commentAuthor(deps) }, async ({ params, body, authorized: { actor, scope } }, res) => {
      const reply = await updateReply(deps, actor, { commentId: params.commentId, replyId: params.commentReplyId, changes: body });
      sendJson(res, await answerReply(deps, reply, scope));
    }),
  );

  // 205 as for comments.
  router.delete(
    `${base}/:commentReplyId`,
    route({ params: replyParams }, async ({ params, principal }, res) => {
      await deleteReply(deps, principal, { ...params, replyId: params.commentReplyId });
      res.status(205).end();
    }),
  );

  return router;
}
