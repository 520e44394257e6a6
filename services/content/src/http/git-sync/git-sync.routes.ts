import { Router, type Response } from 'express';
import { notFound } from '@quire/errors';
import { route } from '@quire/platform/http';
import { startGitSync, type GitSyncRequest, type StartDeps } from '../../domain/git-sync/start-git-sync';
import { authorizeSpaceAccess } from '../../policies/space.policy';
import { presentGitSyncOperation, presentGitSyncState } from '../../presenters/git-sync.presenter';
import { findGitSyncOperation, findLatestGitSyncOperation, findSpaceGitSync } from '../../store/git-sync.store';
import type { ContentHttpDeps } from '../deps';
import { exportGitBody, gitOperationParams, gitSpaceParams, importGitBody } from './git-sync.schema';

/**
 * Git Sync (reference 0.143.2: importGitRepository, exportToGitRepository, getSpaceGitInfo; the
 * operation reads are Quire's). Import and export need `admin` on the space and answer 204 once the
 * operation is queued, with `Location` naming it; the job does the work (domain/git-sync/run-git-sync.ts).
 */
export function gitSyncRoutes(deps: ContentHttpDeps & Omit<StartDeps, 'db' | 'clock'>): Router {
  const { db, membership, clock, urls } = deps;
  const startDeps: StartDeps = { db, clock, internalSecret: deps.internalSecret, staleAfterMs: deps.staleAfterMs };
  const router = Router();

  const start = async (spaceId: string, userId: string, request: GitSyncRequest, res: Response) => {
    const { space } = await authorizeSpaceAccess(db, membership, spaceId, userId, 'gitSync', 'live');
    const operationId = await startGitSync(startDeps, space, userId, request);
    res.setHeader('Location', urls.api(`/spaces/${space.id}/git/operations/${operationId}`));
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
      const { space } = await authorizeSpaceAccess(db, membership, params.spaceId, principal.userId, 'readGitSync');
      const sync = await findSpaceGitSync(db, space.id);
      if (!sync) throw notFound(`Space ${space.id} has never been synced with a Git repository`);
      res.json(presentGitSyncState(sync, await findLatestGitSyncOperation(db, space.id)));
    }),
  );

  router.get(
    '/v1/spaces/:spaceId/git/operations/:operationId',
    route({ params: gitOperationParams }, async ({ params, principal }, res) => {
      const { space } = await authorizeSpaceAccess(db, membership, params.spaceId, principal.userId, 'readGitSync');
      const op =
        params.operationId === 'latest' ? await findLatestGitSyncOperation(db, space.id) : await findGitSyncOperation(db, space.id, params.operationId);
      if (!op)
        throw notFound(params.operationId === 'latest' ? `Space ${space.id} has no Git Sync operation` : `Git Sync operation ${params.operationId} not found`);
      res.json(presentGitSyncOperation(op));
    }),
  );

  return router;
}
