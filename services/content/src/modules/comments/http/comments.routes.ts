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
import { commentersRoutes } from './commenters.routes';
import {
  CHANGE_REQUEST_COMMENTS,
  SPACE_COMMENTS,
  type CommentRoutesAt,
  formatQuery,
  listCommentsQuery,
  postCommentBody,
  updateCommentBody,
} from './comments.schema';

/**
 * Comments on a change request (reference tag change-request-comments) and on a space's live
 * content (…InSpace): the same routes at two bases, and, mounted inside, their replies.
 */
export function commentsRoutes(deps: CommentDeps): Router {
  const router = Router();
  router.use(commentRoutesAt(deps, CHANGE_REQUEST_COMMENTS));
  router.use(commentRoutesAt(deps, SPACE_COMMENTS));
  router.use(commentersRoutes(deps));
  return router;
}

function commentRoutesAt(deps: CommentDeps, at: CommentRoutesAt): Router {
  const router = Router();
  const { base } = at;

  router.get(
    base,
    route({ params: at.params, query: listCommentsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const filter = { status: query.status, order: query.order, pageId: query.targetPage, authors: query.authors };
      const { rows, total, scope } = await listComments(deps, principal, { ...params, filter, page, format: query.format });
      sendJson(res, listEnvelope(await answerComments(deps, rows, scope), total, page));
    }),
  );

  // 200, not 201: the reference answers a posted comment with 200 (and its Location).
  router.post(
    base,
    route({ params: at.params, body: postCommentBody, authorize: commentAuthor(deps) }, async ({ body, authorized: { actor, scope } }, res) => {
      const comment = await postComment(deps, actor, body);
      const answer = await answerComment(deps, comment, scope);
      sendJson(res.location(answer.urls.location), answer);
    }),
  );

  router.get(
    `${base}/:commentId`,
    route({ params: at.comment, query: formatQuery }, async ({ params, query, principal }, res) => {
      const { comment, scope } = await getComment(deps, principal, { ...params, format: query.format });
      sendJson(res, await answerComment(deps, comment, scope));
    }),
  );

  router.put(
    `${base}/:commentId`,
    route({ params: at.comment, body: updateCommentBody, authorize: commentAuthor(deps) }, async ({ params, body, authorized: { actor, scope } }, res) => {
      const comment = await updateComment(deps, actor, { commentId: params.commentId, changes: body });
      sendJson(res, await answerComment(deps, comment, scope));
    }),
  );

  // 205 "The comment has been deleted." (reference); an unknown comment is a 404 like every unknown id here.
  router.delete(
    `${base}/:commentId`,
    route({ params: at.comment }, async ({ params, principal }, res) => {
      await deleteComment(deps, principal, params);
      res.status(205).end();
    }),
  );

  router.use(commentRepliesRoutes(deps, at));
  return router;
}
