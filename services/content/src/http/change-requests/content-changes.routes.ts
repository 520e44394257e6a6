import { Router } from 'express';
import { newId } from '@quire/ids';
import { route } from '@quire/platform/http';
import { commitEdit } from '../../domain/content/commit-edit';
import { readBatchFiles } from '../../domain/content/batch-files';
import type { RevisionTree } from '../../model/revision-tree';
import { applyContentChanges, storedBodiesToRead, type PageOutcome } from '../../domain/content/content-changes';
import { changeRequestHead } from '../../domain/content/content-heads';
import { storeBlobs } from '../../domain/content/import-content';
import { withMarkdownBodies } from '../../domain/content/posted-documents';
import { blockRevertsAhead } from '../../domain/content/block-revert-threads';
import { loadRevision } from '../../domain/content/read-content';
import { authorizeChangeRequest } from '../../policies/change-request.policy';
import { presentFile } from '../../presenters/revision.presenter';
import { changeRequestBase, findChangeRequest } from '../../store/change-requests.store';
import { findBodies, findRevision } from '../../store/revision-content.store';
import type { SpaceContentDeps } from '../space-content/space-content.routes';
import { answerChangeRequest } from './change-request-answers';
import { changeRequestParams } from './change-requests.schema';
import { contentChangesBody, contentChangesQuery, MAX_BASE64_FILE_BYTES } from './content-changes.schema';

/**
 * `POST …/change-requests/{id}/content` (reference 0.202.0: updateChangeRequestContent): a batch of
 * page changes applied in order as one `edits` revision of the change request, or nothing (the
 * first change that cannot apply answers 400 naming it). The change request's row lock serializes
 * two batches on it. Needs `edit`; a merged or archived change request answers 409.
 */
export function contentChangesRoutes(deps: SpaceContentDeps): Router {
  const { db, membership, clock, urls, blobs, contentUrls } = deps;
  const { fetcher, limits } = deps.imports.importDeps;
  const fileLimits = { base64Bytes: MAX_BASE64_FILE_BYTES, fetchBytes: limits.maxFetchBytes, fetchTimeoutMs: limits.fetchTimeoutMs };
  const router = Router();

  router.post(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    route(
      {
        params: changeRequestParams,
        query: contentChangesQuery,
        body: contentChangesBody,
        // Before the body (up to 50 pages of a megabyte) is parsed: a stranger costs a lookup.
        authorize: ({ params, principal }) => authorizeChangeRequest(db, membership, params.spaceId, params.changeRequestId, principal.userId, 'edit'),
      },
      async ({ query, body, authorized: { space, changeRequest }, principal }, res) => {
        const request = {
          head: changeRequestHead(space.id, changeRequest.id, principal.userId),
          organizationId: space.organizationId,
          userId: principal.userId,
        };
        // Posted documents are converted, files read and stored before the transaction (content-addressed: a retry writes nothing twice).
        const changes = await readBatchFiles(await withMarkdownBodies(body.changes, deps.conversions), fetcher, fileLimits);
        await storeBlobs(
          db,
          blobs,
          changes.flatMap((c) => (c.operation === 'insert_files' ? c.files.map((f) => f.bytes) : [])),
        );
        // The revisions a revert takes pages from: the change request's base, or the one it names.
        const baseRevision = changeRequestBase(changeRequest);
        const revisions = new Map<string, RevisionTree>();
        for (const change of changes) {
          const id = change.operation === 'revert_page' ? (change.revision ?? baseRevision) : undefined;
          const found = id && !revisions.has(id) ? await findRevision(db, space.id, id) : null;
          if (id && found) revisions.set(id, found.tree);
        }
        const head = await loadRevision(db, deps.cache, space.id, changeRequest.revisionId);
        const revertedBlocks = await blockRevertsAhead(db, head.revision.tree, changes, revisions, baseRevision, deps.conversions);
        const context = { newId, now: clock(), revisions, baseRevision, revertedBlocks };
        const { revisionId, draft } = await commitEdit(db, clock, request, async (tree, tx) => {
          const storedBodies = await findBodies(tx, storedBodiesToRead(tree, changes, revisions));
          return applyContentChanges(tree, changes, { ...context, storedBodies });
        });
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
        res.json({
          changeRequest: answer,
          changes: draft.outcomes.map(change),
          insertedFiles: draft.insertedFiles.map((f) => presentFile(f, revisionId, contentUrls)),
        });
      },
    ),
  );

  return router;
}
