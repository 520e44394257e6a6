import { Router, type Response } from 'express';
import { route } from '@quire/platform/http';
import type { ContentHttpDeps } from '../../shared';
import { getGitSyncInfo } from '../application/get-git-sync-info';
import { getGitSyncOperation } from '../application/get-git-sync-operation';
import { requestGitSync, type GitSyncAppDeps } from '../application/request-git-sync';
import type { GitSyncRequest } from '../domain/git-sync-request';
import { presentGitSyncState } from '../../spaces';
import { presentGitSyncOperation } from '../presenters/git-sync.presenter';
import { exportGitBody, gitOperationParams, gitSpaceParams, importGitBody } from './git-sync.schema';

/**
 * Git Sync (reference 0.143.2: importGitRepository, exportToGitRepository, getSpaceGitInfo; the
 * operation reads are Quire's). Import and export need `admin` on the space and answer 204 once the
 * operation is queued, with `Location` naming it; the job does the work (modules/git-sync/application/run-git-sync.ts).
 */
export function gitSyncRoutes(deps: ContentHttpDeps & GitSyncAppDeps): Router {
  const { urls } = deps;
  const router = Router();

  const start = async (spaceId: string, userId: string, request: GitSyncRequest, res: Response) => {
    const { operationId } = await requestGitSync(deps, { userId }, { spaceId, request });
    res.setHeader('Location', urls.api(`/spaces/${spaceId}/git/operations/${operationId}`));
    res.status(204).end();
  };
  const options = (body: { repoProjectDirectory?: string; timestamp?: string; force?: boolean; repoTreeURL?: string; repoCommitURL?: string }) => ({
    ...(body.repoProjectDirectory ? { projectDirectory: body.repoProjectDirectory.replace(/^\.\/|(?<!\/)\/+$/g, '') } : {}),
    ...(body.timestamp ? { timestamp: body.timestamp } : {}),
    ...(body.force !== undefined ? { force: body.force } : {}),
    ...(body.repoTreeURL ? { treeUrl: body.repoTreeURL } : {}),
    ...(body.repoCommitURL ? { commitUrl: body.repoCommitURL } : {}),
  });

  router.post(
    '/v1/spaces/:spaceId/git/import',
    route({ params: gitSpaceParams, body: importGitBody }, async ({ params, body, principal }, res) => {
      const request = {
        direction: 'import' as const,
        url: body.url,
        ref: body.ref,
        gitInfo: body.gitInfo,
        options: { ...options(body), standalone: body.standalone ?? false },
      };
      await start(params.spaceId, principal.userId, request, res);
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/git/export',
    route({ params: gitSpaceParams, body: exportGitBody }, async ({ params, body, principal }, res) => {
      const request = {
        direction: 'export' as const,
        url: body.url,
        ref: body.ref,
        gitInfo: body.gitInfo,
        options: { ...options(body), commitMessage: body.commitMessage },
      };
      await start(params.spaceId, principal.userId, request, res);
    }),
  );

  router.get(
    '/v1/spaces/:spaceId/git/info',
    route({ params: gitSpaceParams }, async ({ params, principal }, res) => {
      const { sync, latest } = await getGitSyncInfo(deps, principal, params);
      res.json(presentGitSyncState(sync, latest));
    }),
  );

  router.get(
    '/v1/spaces/:spaceId/git/operations/:operationId',
    route({ params: gitOperationParams }, async ({ params, principal }, res) => {
      res.json(presentGitSyncOperation(await getGitSyncOperation(deps, principal, params)));
    }),
  );

  return router;
}
