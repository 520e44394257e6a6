import { Router } from 'express';
import { newId, route } from '@quire/common';
import { commitEdit } from '../../domain/content/commit-edit';
import { applyContentChanges, type PageOutcome } from '../../domain/content/content-changes';
import { changeRequestHead } from '../../domain/content/content-heads';
import { authorizeChangeRequest } from '../../policies/change-request.policy';
import { findChangeRequest } from '../../store/change-requests.store';
import type { ContentHttpDeps } from '../deps';
import { answerChangeRequest } from './change-request-answers';
import { changeRequestParams } from './change-requests.schema';
import { contentChangesBody, contentChangesQuery } from './content-changes.schema';

/**
 * `POST …/change-requests/{id}/content` (reference 0.202.0: updateChangeRequestContent): a batch of
 * page changes applied in order as one `edits` revision of the change request, or nothing (the
 * first change that cannot apply answers 400 naming it). The change request's row lock serializes
 * two batches on it. Needs `edit`; a merged or archived change request answers 409.
 */
export function contentChangesRoutes(deps: ContentHttpDeps): Router {
  const { db, membership, clock, urls } = deps;
  const router = Router();

  router.post(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    route({ params: changeRequestParams, query: contentChangesQuery, body: contentChangesBody }, async ({ params, query, body, principal }, res) => {
      const { space, changeRequest } = await authorizeChangeRequest(db, membership, params.spaceId, params.changeRequestId, principal.userId, 'edit');
      const request = { head: changeRequestHead(space.id, changeRequest.id, principal.userId), organizationId: space.organizationId, userId: principal.userId };
      const { draft } = await commitEdit(db, clock, request, (tree) => applyContentChanges(tree, body.changes, { newId, now: clock() }));
      const updated = (await findChangeRequest(db, space.id, changeRequest.id)) ?? changeRequest;
      const answer = await answerChangeRequest(deps, updated, space);
      if (query.compat) return void res.json(answer);
      const pageRef = (pageId: string) => ({
        object: 'page' as const,
        id: pageId,
        urls: { location: urls.api(`/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${pageId}`) },
      });
      const change = (outcome: PageOutcome) =>
        outcome.kind === 'deleted'
          ? { object: 'deleted_page' as const, page: outcome.pageId }
          : outcome.kind === 'created'
            ? { object: 'created_page' as const, ...(outcome.ref !== undefined ? { ref: outcome.ref } : {}), page: pageRef(outcome.pageId) }
            : { object: 'updated_page' as const, page: pageRef(outcome.pageId) };
      res.json({ changeRequest: answer, changes: draft.outcomes.map(change), insertedFiles: [] });
    }),
  );

  return router;
}
