import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest, resourceId, text, z } from '@quire/input';
import { route } from '@quire/platform/http';
import { presentUsers, type PresentedUser } from '@quire/platform/users';
import type { ContentHttpDeps } from '../../shared';
import { findConversation, listConversations } from '../application/change-request-conversations';
import { listContributors } from '../application/list-contributors';
import { changeRequestParams } from './change-requests.schema';

// Reference: getContributorsByChangeRequestId, listChangeRequestConversations,
// updateChangeRequestConversation, deleteChangeRequestConversation.
const conversationParams = changeRequestParams.extend({ conversationId: resourceId });
const updateConversationBody = z.object({ title: text({ max: 1024 }) }).strict();
const BASE = '/v1/spaces/:spaceId/change-requests/:changeRequestId';

/** Who contributed to a change request, and its (agent) conversations. */
export function contributorsRoutes(deps: ContentHttpDeps): Router {
  const router = Router();

  // ChangeRequestUserContributor: edits first, then comments, each the latest first; the whole list in one page.
  router.get(
    `${BASE}/contributors`,
    route({ params: changeRequestParams }, async ({ params, principal }, res) => {
      const contributions = await listContributors(deps, principal, params);
      const users = await presentUsers(
        deps.clients.identity(),
        deps.urls,
        contributions.map((c) => c.userId),
      );
      const items = contributions.map((c) => ({
        user: users.get(c.userId) as PresentedUser,
        count: c.count,
        updatedAt: c.updatedAt.toISOString(),
        actionType: c.kind,
      }));
      res.json(listEnvelope(items, items.length, { offset: 0, limit: Math.max(items.length, 1) }));
    }),
  );

  router.get(
    `${BASE}/conversations`,
    route({ params: changeRequestParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      res.json(listEnvelope(await listConversations(deps, principal, params), 0, page));
    }),
  );

  router.patch(
    `${BASE}/conversations/:conversationId`,
    route({ params: conversationParams, body: updateConversationBody }, async ({ params, principal }) => {
      await findConversation(deps, principal, params);
    }),
  );

  router.delete(
    `${BASE}/conversations/:conversationId`,
    route({ params: conversationParams }, async ({ params, principal }) => {
      await findConversation(deps, principal, params);
    }),
  );

  return router;
}
