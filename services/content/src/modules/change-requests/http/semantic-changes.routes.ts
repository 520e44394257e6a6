import { Router } from 'express';
import { resourceId, z } from '@quire/input';
import { route } from '@quire/platform/http';
import type { ContentUrls } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { changeRequestChanges, revisionChanges, type SemanticDiff } from '../application/semantic-changes';
import { presentSemanticChanges } from '../presenters/semantic-changes.presenter';
import { answerMergedFrom } from './change-request-answers';
import { changeRequestParams, spaceParams } from './change-requests.schema';

// Reference: getChangeRequestChanges, getRevisionSemanticChanges (`limit`, default 10; `metadata`
// and `computed` are accepted: the changes carry no revision metadata nor computed content).
const changesQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(10) });
const revisionChangesQuery = changesQuery.extend({ metadata: z.enum(['true', 'false']).optional(), computed: z.enum(['true', 'false']).optional() });
const revisionParams = spaceParams.extend({ revisionId: resourceId });

type Deps = ContentHttpDeps & { contentUrls: ContentUrls };

/** What a change request or a revision changed, computed from the revisions' trees. */
export function semanticChangesRoutes(deps: Deps): Router {
  const router = Router();
  const present = (diff: SemanticDiff, limit: number, mergedFrom?: Awaited<ReturnType<typeof answerMergedFrom>>) =>
    presentSemanticChanges(
      diff.changes,
      { before: diff.before, after: { id: diff.after.id, pages: diff.after.tree.pages }, limit, mergedFrom },
      deps.contentUrls,
    );

  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/changes',
    route({ params: changeRequestParams, query: changesQuery }, async ({ params, query, principal }, res) => {
      res.json(present(await changeRequestChanges(deps, principal, params), query.limit));
    }),
  );

  router.get(
    '/v1/spaces/:spaceId/revisions/:revisionId/changes',
    route({ params: revisionParams, query: revisionChangesQuery }, async ({ params, query, principal }, res) => {
      const diff = await revisionChanges(deps, principal, params);
      const mergedFrom = diff.after.mergedFrom ? await answerMergedFrom(deps, diff.space, diff.after.mergedFrom) : undefined;
      res.json(present(diff, query.limit, mergedFrom));
    }),
  );

  return router;
}
