import { Router } from 'express';
import { route } from '@quire/platform/http';
import { commitEdit } from '../../domain/content/commit-edit';
import { changeRequestHead } from '../../domain/content/content-heads';
import { deletePage, movePage } from '../../domain/content/page-edits';
import { authorizeChangeRequest } from '../../policies/change-request.policy';
import type { ContentHttpDeps } from '../deps';
import { changeRequestPageParams, movePageBody } from './change-requests.schema';

const PAGE = '/v1/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId';

/**
 * Quire companions (not in the reference, which edits pages only through imports and its editor):
 * delete a page of a change request with its subtree, move one. Each writes one `edits` revision
 * of the change request and answers `{ revision }`; main is never touched. Needs `edit`.
 */
export function changeRequestPagesRoutes(deps: ContentHttpDeps): Router {
  const { db, membership, clock } = deps;
  const router = Router();

  const editPage = async (p: { spaceId: string; changeRequestId: string }, userId: string) => {
    const { space, changeRequest } = await authorizeChangeRequest(db, membership, p.spaceId, p.changeRequestId, userId, 'edit');
    return { head: changeRequestHead(space.id, changeRequest.id, userId), organizationId: space.organizationId, userId };
  };

  router.delete(
    PAGE,
    route({ params: changeRequestPageParams }, async ({ params, principal }, res) => {
      const { revisionId } = await commitEdit(db, clock, await editPage(params, principal.userId), (tree) => deletePage(tree, params.pageId));
      res.json({ revision: revisionId });
    }),
  );

  router.post(
    `${PAGE}/move`,
    route({ params: changeRequestPageParams, body: movePageBody }, async ({ params, body, principal }, res) => {
      const move = { parent: body.parent, before: body.position?.before, after: body.position?.after };
      const { revisionId } = await commitEdit(db, clock, await editPage(params, principal.userId), (tree) => movePage(tree, params.pageId, move, clock()));
      res.json({ revision: revisionId });
    }),
  );

  return router;
}
