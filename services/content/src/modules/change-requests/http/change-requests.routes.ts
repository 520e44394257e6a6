import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { ContentHttpDeps } from '../../shared';
import { createChangeRequest } from '../application/create-change-request';
import { getChangeRequest } from '../application/get-change-request';
import { listChangeRequests } from '../application/list-change-requests';
import { listOrganizationChangeRequests } from '../application/list-organization-change-requests';
import { mergeChangeRequest } from '../application/merge-change-request';
import { pullMainIntoChangeRequest } from '../application/pull-main-into-change-request';
import { updateChangeRequest } from '../application/update-change-request';
import { answerChangeRequest, answerChangeRequests } from './change-request-answers';
import {
  changeRequestParams,
  createChangeRequestBody,
  listChangeRequestsQuery,
  listOrganizationChangeRequestsQuery,
  organizationParams,
  spaceParams,
  updateChangeRequestBody,
} from './change-requests.schema';

/** A space's change requests (and an organization's, listed): list, open, read (by id or number), edit subject and status. */
export function changeRequestsRoutes(deps: ContentHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/change-requests',
    route({ params: spaceParams, query: listChangeRequestsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { status, creator, contributor, requestedReviewer, topic, orderBy } = query;
      const filter = { statuses: [status], creator, contributor, requestedReviewer, topic, orderBy };
      const { space, rows, total } = await listChangeRequests(deps, principal, { spaceId: params.spaceId, filter, page });
      res.json(listEnvelope(await answerChangeRequests(deps, rows, space), total, page));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/change-requests',
    route({ params: organizationParams, query: listOrganizationChangeRequestsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { status, creator, contributor, requestedReviewer, topic, orderBy, space, site, styleguideRun } = query;
      const filter = { statuses: status, creator, contributor, requestedReviewer, topic, orderBy, space, site, styleguideRun };
      const { rows, total, spaces } = await listOrganizationChangeRequests(deps, principal, { organizationId: params.organizationId, filter, page });
      res.json(listEnvelope(await answerChangeRequests(deps, rows, spaces), total, page));
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/change-requests',
    route({ params: spaceParams, body: createChangeRequestBody }, async ({ params, body, principal }, res) => {
      const { space, changeRequest: cr } = await createChangeRequest(deps, principal, { spaceId: params.spaceId, subject: body.subject });
      const answer = await answerChangeRequest(deps, cr, { ...space, revisionId: cr.revisionInitial });
      res.status(201).location(answer.urls.location).json(answer);
    }),
  );

  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId',
    route({ params: changeRequestParams }, async ({ params, principal }, res) => {
      const { space, changeRequest } = await getChangeRequest(deps, principal, params);
      res.json(await answerChangeRequest(deps, changeRequest, space));
    }),
  );

  router.patch(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId',
    route({ params: changeRequestParams, body: updateChangeRequestBody }, async ({ params, body, principal }, res) => {
      const { space, changeRequest } = await updateChangeRequest(deps, principal, { ...params, ...body });
      res.json(await answerChangeRequest(deps, changeRequest, space));
    }),
  );

  // Merge into main (`review`) and pull main in (`edit`): `{ revision, result }`, and the conflicts found when there are any.
  for (const [path, run] of [
    ['/v1/spaces/:spaceId/change-requests/:changeRequestId/merge', mergeChangeRequest],
    ['/v1/spaces/:spaceId/change-requests/:changeRequestId/update', pullMainIntoChangeRequest],
  ] as const) {
    router.post(
      path,
      route({ params: changeRequestParams }, async ({ params, principal, log }, res) => {
        const answer = await run({ ...deps, log }, principal, params);
        res.json({ revision: answer.revision, result: answer.result, ...(answer.conflicts.length ? { conflicts: answer.conflicts } : {}) });
      }),
    );
  }

  return router;
}
