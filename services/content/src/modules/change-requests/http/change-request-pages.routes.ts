import { Router } from 'express';
import { route } from '@quire/platform/http';
import type { ContentHttpDeps } from '../../shared';
import { deleteChangeRequestPage } from '../application/delete-change-request-page';
import { moveChangeRequestPage } from '../application/move-change-request-page';
import { changeRequestPageParams, movePageBody } from './change-requests.schema';

const PAGE = '/v1/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId';

/**
 * Quire companions (not in the reference, which edits pages only through imports and its editor):
 * delete a page of a change request with its subtree, move one. Each writes one `edits` revision
 * of the change request and answers `{ revision }`; main is never touched. Needs `edit`.
 */
export function changeRequestPagesRoutes(deps: ContentHttpDeps): Router {
  const router = Router();

  router.delete(
    PAGE,
    route({ params: changeRequestPageParams }, async ({ params, principal }, res) => {
      const { revisionId } = await deleteChangeRequestPage(deps, principal, params);
      res.json({ revision: revisionId });
    }),
  );

  router.post(
    `${PAGE}/move`,
    route({ params: changeRequestPageParams, body: movePageBody }, async ({ params, body, principal }, res) => {
      const move = { parent: body.parent, before: body.position?.before, after: body.position?.after };
      const { revisionId } = await moveChangeRequestPage(deps, principal, { ...params, move });
      res.json({ revision: revisionId });
    }),
  );

  return router;
}
