import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { sendJson, route } from '@quire/platform/http';
import { presentUsers } from '@quire/platform/users';
import { listCommenters } from '../application/list-commenters';
import { presentCommenter } from '../presenters/commenter.presenter';
import type { CommentDeps } from './comment-answers';
import { listCommentersQuery, spaceParams } from './comments.schema';

/** Who commented on a space's live content (reference listCommentersInSpace). */
export function commentersRoutes(deps: CommentDeps): Router {
  const router = Router();
  router.get(
    '/v1/spaces/:spaceId/commenters',
    route({ params: spaceParams, query: listCommentersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listCommenters(deps, principal, { ...params, page });
      const users = await presentUsers(
        deps.clients.identity(),
        deps.urls,
        rows.map((r) => r.commenter.userId),
      );
      const items = rows.map((r) => presentCommenter(r.commenter, r.membership, users.get(r.commenter.userId) as NonNullable<ReturnType<typeof users.get>>));
      sendJson(res, listEnvelope(items, total, page));
    }),
  );
  return router;
}
