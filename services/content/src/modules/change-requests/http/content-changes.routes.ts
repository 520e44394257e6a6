import { Router } from 'express';
import { route } from '@quire/platform/http';
import type { ContentDeps, ContentUrls } from '../../revisions';
import { contentChangesAccess, updateChangeRequestContent } from '../application/update-change-request-content';
import { presentContentChanges } from '../presenters/content-changes.presenter';
import { answerChangeRequest } from './change-request-answers';
import { changeRequestParams } from './change-requests.schema';
import { contentChangesBody, contentChangesQuery, MAX_BASE64_FILE_BYTES } from './content-changes.schema';

/**
 * `POST …/change-requests/{id}/content` (reference 0.202.0: updateChangeRequestContent): a batch of
 * page changes applied in order as one `edits` revision of the change request, or nothing (the
 * first change that cannot apply answers 400 naming it). The change request's row lock serializes
 * two batches on it. Needs `edit`; a merged or archived change request answers 409.
 */
export function contentChangesRoutes(deps: ContentDeps & { contentUrls: ContentUrls }): Router {
  const router = Router();

  router.post(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    route(
      {
        params: changeRequestParams,
        query: contentChangesQuery,
        body: contentChangesBody,
        // Before the body (up to 50 pages of a megabyte) is parsed: a stranger costs a lookup.
        authorize: contentChangesAccess(deps),
      },
      async ({ query, body, authorized, principal }, res) => {
        const result = await updateChangeRequestContent(deps, principal, authorized, { changes: body.changes, base64FileBytes: MAX_BASE64_FILE_BYTES });
        const answer = await answerChangeRequest(deps, result.changeRequest, result.space);
        if (query.compat) return void res.json(answer);
        const target = { spaceId: result.space.id, changeRequestId: result.changeRequest.id, revisionId: result.revisionId };
        res.json(presentContentChanges(answer, result.draft, target, deps.urls, deps.contentUrls));
      },
    ),
  );

  return router;
}
