import { Router, type Response } from 'express';
import type { Principal } from '@quire/access';
import { listEnvelope, pageRequest } from '@quire/input';
import { sendJson, route } from '@quire/platform/http';
import { presentUsers } from '@quire/platform/users';
import type { CommentPath } from '../application/comment-access';
import { listCommenters } from '../application/list-commenters';
import { presentCommenter } from '../presenters/commenter.presenter';
import type { CommentDeps } from './comment-answers';
import { changeRequestParams, listCommentersQuery, spaceParams } from './comments.schema';

/** Who commented on a space's live content or in a change request (reference listCommentersInSpace, listCommentersInChangeRequest). */
export function commentersRoutes(deps: CommentDeps): Router {
  const router = Router();
  const answer = async (principal: Principal, path: CommentPath, query: Parameters<typeof pageRequest>[0], res: Response) => {
    const page = pageRequest(query);
    const { rows, total } = await listCommenters(deps, principal, { ...path, page });
    const users = await presentUsers(
      deps.clients.identity(),
      deps.urls,
      rows.map((r) => r.commenter.userId),
    );
    const items = rows.map((r) => presentCommenter(r.commenter, r.membership, users.get(r.commenter.userId) as NonNullable<ReturnType<typeof users.get>>));
    sendJson(res, listEnvelope(items, total, page));
  };
  router.get(
    '/v1/spaces/:spaceId/commenters',
    route({ params: spaceParams, query: listCommentersQuery }, ({ params, query, principal }, res) => answer(principal, params, query, res)),
  );
  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/commenters',
    route({ params: changeRequestParams, query: listCommentersQuery }, ({ params, query, principal }, res) => answer(principal, params, query, res)),
  );
  return router;
}
