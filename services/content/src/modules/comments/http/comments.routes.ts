import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { sendJson, route } from '@quire/platform/http';
import { deleteComment } from '../application/delete-comment';
import { getComment } from '../application/get-comment';
import { listComments } from '../application/list-comments';
import { postComment } from '../application/post-comment';
import { updateComment } from '../application/update-comment';
import { commentAuthor } from '../application/comment-access';
import { answerComment, answerComments, type CommentDeps } from './comment-answers';
import { commentRepliesRoutes } from './comment-replies.routes';
import { changeRequestParams, commentParams, formatQuery, listCommentsQuery, postCommentBody, updateCommentBody } from './comments.schema';

const BASE = '/v1/spaces/:spaceId/change-requests/:changeRequestId/comments';

/** Comments on a change request (reference tag change-request-comments) and, mounted inside, their replies. */
export function commentsRoutes(deps: CommentDeps): Router {
  const router = Router();

  router.get(
    BASE,
    route({ params: changeRequestParams, query: listCommentsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const filter = { status: query.status, order: query.order, pageId: query.targetPage, authors: query.authors };
      const { rows, total, scope } = await listComments(deps, principal, { ...params, filter, page, format: query.format });
      sendJson(res, listEnvelope(await answerComments(deps, rows, scope), total, page));
    }),
  );

  // 200, not 201: the reference answers a posted comment with 200 (and its Location).
  router.post(
    BASE,
    route({ params: changeRequestParams, body: postCommentBody, authorize: commentAuthor(deps) }, async ({ body, authorized: { actor, scope } }, res) => {
      const comment = await postComment(deps, actor, body);
      const answer = await answerComment(deps, comment, scope);
      sendJson(res.location(answer.urls.location), answer);
    }),
  );

  router.get(
    `${BASE}/:commentId`,
    route({ params: commentParams, query: formatQuery }, async ({ params, query, principal }, res) => {
      const { comment, scope } = await getComment(deps, principal, { ...params, format: query.format });
      sendJson(res, await answerComment(deps, comment, scope));
    }),
  );

  router.put(
    `${BASE}/:commentId`,
    route({ params: commentParams, body: updateCommentBody, authorize: commentAuthor(deps) }, async ({ params, body, authorized: { actor, scope } }, res) => {
      const comment = await updateComment(deps, actor, { commentId: params.commentId, changes: body });
      sendJson(res, await answerComment(deps, comment, scope));
    }),
  );

  // 205 "The comment has been deleted." (reference); an unknown comment is a 404 like every unknown id here.
  router.delete(
    `${BASE}/:commentId`,
    route({ params: commentParams }, async ({ params, principal }, res) => {
      await deleteComment(deps, principal, params);
      res.status(205).end();
    }),
  );

  router.use(commentRepliesRoutes(deps, `${BASE}/:commentId/replies`));
  return router;
}
