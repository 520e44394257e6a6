import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createChangeRequest, updateChangeRequest } from '../../domain/change-requests/change-requests';
import { mergeChangeRequest, pullMainIntoChangeRequest } from '../../domain/change-requests/merge-change-request';
import { authorizeChangeRequest, authorizeSpaceFor } from '../../policies/change-request.policy';
import { listChangeRequests } from '../../store/change-requests.store';
import type { ContentHttpDeps } from '../deps';
import { answerChangeRequest, answerChangeRequests } from './change-request-answers';
import { changeRequestParams, createChangeRequestBody, listChangeRequestsQuery, spaceParams, updateChangeRequestBody } from './change-requests.schema';

/** A space's change requests: list, open, read (by id or number), edit subject and status. */
export function changeRequestsRoutes(deps: ContentHttpDeps): Router {
  const { db, membership, clock } = deps;
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/change-requests',
    route({ params: spaceParams, query: listChangeRequestsQuery }, async ({ params, query, principal }, res) => {
      const { space } = await authorizeSpaceFor(db, membership, params.spaceId, principal.userId, 'read');
      const page = pageRequest(query);
      const { rows, total } = await listChangeRequests(
        db,
        space.id,
        {
          status: query.status,
          creator: query.creator,
          contributor: query.contributor,
          requestedReviewer: query.requestedReviewer,
          topic: query.topic,
          orderBy: query.orderBy,
        },
        page,
      );
      res.json(listEnvelope(await answerChangeRequests(deps, rows, space), total, page));
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/change-requests',
    route({ params: spaceParams, body: createChangeRequestBody }, async ({ params, body, principal }, res) => {
      const { space } = await authorizeSpaceFor(db, membership, params.spaceId, principal.userId, 'create');
      const cr = await createChangeRequest(
        db,
        { spaceId: space.id, organizationId: space.organizationId, userId: principal.userId, subject: body.subject, status: 'open' },
        clock(),
      );
      const answer = await answerChangeRequest(deps, cr, { ...space, revisionId: cr.revisionInitial });
      res.status(201).location(answer.urls.location).json(answer);
    }),
  );

  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId',
    route({ params: changeRequestParams }, async ({ params, principal }, res) => {
      const { space, changeRequest } = await authorizeChangeRequest(db, membership, params.spaceId, params.changeRequestId, principal.userId, 'read');
      res.json(await answerChangeRequest(deps, changeRequest, space));
    }),
  );

  router.patch(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId',
    route({ params: changeRequestParams, body: updateChangeRequestBody }, async ({ params, body, principal }, res) => {
      const { space, changeRequest } = await authorizeChangeRequest(db, membership, params.spaceId, params.changeRequestId, principal.userId, 'edit');
      const updated = await updateChangeRequest(db, { spaceId: space.id, organizationId: space.organizationId, id: changeRequest.id }, body, clock());
      res.json(await answerChangeRequest(deps, updated, space));
    }),
  );

  // Merge into main (`review`) and pull main in (`edit`): `{ revision, result }`, and the conflicts found when there are any.
  for (const [path, action, run] of [
    ['/v1/spaces/:spaceId/change-requests/:changeRequestId/merge', 'merge', mergeChangeRequest],
    ['/v1/spaces/:spaceId/change-requests/:changeRequestId/update', 'update', pullMainIntoChangeRequest],
  ] as const) {
    router.post(
      path,
      route({ params: changeRequestParams }, async ({ params, principal, log }, res) => {
        const { space, changeRequest } = await authorizeChangeRequest(db, membership, params.spaceId, params.changeRequestId, principal.userId, action);
        const answer = await run(
          { db, clock, log },
          { spaceId: space.id, organizationId: space.organizationId, changeRequestId: changeRequest.id, userId: principal.userId },
        );
        res.json({ revision: answer.revision, result: answer.result, ...(answer.conflicts.length ? { conflicts: answer.conflicts } : {}) });
      }),
    );
  }

  return router;
}
