import { Router } from 'express';
import { notFound } from '@quire/errors';
import { isMediaType, listEnvelope, pageRequest } from '@quire/input';
import type { BlobStore } from '@quire/platform/blobs';
import type { Cache } from '@quire/platform/cache';
import { route, signedUrlQuery, stringifyWithRaw, verifySignedUrl } from '@quire/platform/http';
import type { ContentConversions } from '../../domain/conversions/conversions';
import { changeRequestHead, spaceHead } from '../../domain/content/content-heads';
import { importContent, type ContentImportDeps } from '../../domain/content/import-content';
import { answerMergedFrom } from '../change-requests/change-request-answers';
import { authorizeChangeRequest } from '../../policies/change-request.policy';
import { findChangeRequest } from '../../store/change-requests.store';
import { cachedText, loadRevision, pageIn, readPageBody, type LoadedRevision } from '../../domain/content/read-content';
import { authorizeSpaceAccess } from '../../policies/space.policy';
import { presentFile, presentPage, presentPageTree, presentRevision, type ContentUrls } from '../../presenters/revision.presenter';
import { findFileDownload } from '../../store/revision-content.store';
import type { ContentHttpDeps } from '../deps';
import {
  downloadParams,
  fileParams,
  filesQuery,
  importBody,
  changeRequestFileParams,
  changeRequestPageParams,
  changeRequestParams,
  pageParams,
  pageQueryParams,
  revisionFileParams,
  revisionPageParams,
  revisionParams,
  revisionQuery,
  spaceParams,
  supportedSource,
} from './space-content.schema';

/** What a content path names: a space, and a revision or a change request in it (or neither: main). */
type ContentPathParams = { spaceId: string; revisionId?: string; changeRequestId?: string };

const CONTENT_SOURCES = [
  { base: '/v1/spaces/:spaceId/content', params: spaceParams, pageParams, fileParams },
  { base: '/v1/spaces/:spaceId/revisions/:revisionId', params: revisionParams, pageParams: revisionPageParams, fileParams: revisionFileParams },
  {
    base: '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    params: changeRequestParams,
    pageParams: changeRequestPageParams,
    fileParams: changeRequestFileParams,
  },
] as const;
const IMPORT_TARGETS = [CONTENT_SOURCES[0], CONTENT_SOURCES[2]] as const;

/** Main's head (the space needs `edit`) or a change request's (`edit` on its space too). */
async function importHead(deps: SpaceContentDeps, p: ContentPathParams, userId: string) {
  if (!p.changeRequestId) {
    const { space } = await authorizeSpaceAccess(deps.db, deps.membership, p.spaceId, userId, 'edit');
    return { space, head: spaceHead(space.id) };
  }
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, p.spaceId, p.changeRequestId, userId, 'edit');
  return { space, head: changeRequestHead(space.id, changeRequest.id, userId) };
}

export type SpaceContentDeps = ContentHttpDeps & {
  cache: Cache;
  contentUrls: ContentUrls;
  imports: ContentImportDeps;
  blobs: BlobStore;
  internalSecret: string;
  conversions: ContentConversions;
};

/**
 * A space's content: its current revision (or any revision by id), the page tree, one page as
 * markdown or as a GitBook document, files, and imports. Members read; importing needs `edit`.
 */
export function spaceContentRoutes(deps: SpaceContentDeps): Router {
  const { db, cache, membership, contentUrls } = deps;
  const router = Router();

  /** The revision a path names: a revision by id, a change request's, or main's current one. */
  const revisionIdOf = async (p: ContentPathParams, space: { id: string; revisionId: string }): Promise<string> => {
    if (p.revisionId) return p.revisionId;
    if (!p.changeRequestId) return space.revisionId;
    const changeRequest = await findChangeRequest(db, space.id, p.changeRequestId);
    if (!changeRequest) throw notFound(`Change request ${p.changeRequestId} not found`);
    return changeRequest.revisionId;
  };
  /** The space (checked for `read`) and the revision its path names. */
  const readable = async (p: ContentPathParams, userId: string) => {
    const { space } = await authorizeSpaceAccess(db, membership, p.spaceId, userId, 'read');
    const loaded = await loadRevision(db, cache, space.id, await revisionIdOf(p, space));
    return { space, loaded };
  };
  const filesOf = (loaded: LoadedRevision) => loaded.revision.tree.files;

  for (const source of CONTENT_SOURCES) {
    router.get(
      source.base,
      route({ params: source.params, query: revisionQuery }, async ({ params, principal }, res) => {
        const { space, loaded } = await readable(params, principal.userId);
        const mergedFrom = loaded.revision.mergedFrom ? await answerMergedFrom(deps, space, loaded.revision.mergedFrom) : undefined;
        res.json(presentRevision(loaded.revision, loaded.index, space, contentUrls, mergedFrom));
      }),
    );
    router.get(
      `${source.base}/pages`,
      route({ params: source.params, query: revisionQuery }, async ({ params, principal }, res) => {
        const { space, loaded } = await readable(params, principal.userId);
        res.json({ pages: presentPageTree(loaded.index, space, contentUrls) });
      }),
    );
    router.get(
      `${source.base}/files`,
      route({ params: source.params, query: filesQuery }, async ({ params, query, principal }, res) => {
        const page = pageRequest(query);
        const { loaded } = await readable(params, principal.userId);
        const files = filesOf(loaded);
        const items = files
          .slice(page.offset, page.offset + page.limit)
          .map((f) => presentFile(f, loaded.revision.id, contentUrls, loaded.revision.gitBlobs?.[f.id]));
        res.json(listEnvelope(items, files.length, page));
      }),
    );
    router.get(
      `${source.base}/files/:fileId`,
      route({ params: source.fileParams, query: revisionQuery }, async ({ params, principal }, res) => {
        const { loaded } = await readable(params, principal.userId);
        const file = filesOf(loaded).find((f) => f.id === params.fileId);
        if (!file) throw notFound(`File ${params.fileId} not found`);
        res.json(presentFile(file, loaded.revision.id, contentUrls, loaded.revision.gitBlobs?.[file.id]));
      }),
    );
    router.get(
      `${source.base}/page/:pageId`,
      route({ params: source.pageParams, query: pageQueryParams }, async ({ params, query, principal }, res) => {
        const { space } = await authorizeSpaceAccess(db, membership, params.spaceId, principal.userId, 'read');
        const revisionId = await revisionIdOf(params, space);
        const format = query.format ?? 'markdown';
        const refs = format === 'markdown' ? (query['format.markdown.refs'] ?? 'relative') : 'relative';
        // A page of a revision never changes: its answer is cached whole, keyed by revision, page, format and
        // refs (and the organization, which its `urls` name: a transfer changes them). The `v2` is the answer's
        // shape (0.202.0's page tags and layout fields): answers cached before an upgrade are not served.
        const key = `content:page:v2:${space.organizationId}:${space.id}:${revisionId}:${params.pageId}:${format}:${refs}`;
        const answer = await cachedText(cache, key, async () => {
          const loaded = await loadRevision(db, cache, space.id, revisionId);
          const page = pageIn(loaded, params.pageId);
          const body = page.kind === 'document' ? await readPageBody(db, deps.conversions, loaded, page, format, refs) : undefined;
          return stringifyWithRaw(presentPage(page, loaded.index, space, contentUrls, body, presentPageTree(loaded.index, space, contentUrls, page.id)));
        });
        res.type('application/json').send(answer);
      }),
    );
  }

  // An import appends to the content; a page import replaces that page's body. Main's paths write
  // the space's current revision; a change request's write only the change request's revision.
  for (const source of IMPORT_TARGETS) {
    for (const [path, params] of [
      [`${source.base}/import`, source.params],
      [`${source.base}/page/:pageId/import`, source.pageParams],
    ] as const) {
      router.post(
        path,
        route({ params, body: importBody }, async ({ params: p, body, principal }, res) => {
          const { space, head } = await importHead(deps, p, principal.userId);
          const result = await importContent(deps.imports, {
            head,
            organizationId: space.organizationId,
            userId: principal.userId,
            url: body.url,
            source: supportedSource(body.source),
            placement: 'pageId' in p ? { kind: 'replace-page', pageId: p.pageId } : { kind: 'append' },
          });
          res
            .status(201)
            .location(deps.urls.api(`/spaces/${space.id}/revisions/${result.revision}`))
            .json(result);
        }),
      );
    }
  }

  // Signed download links (no bearer token; the gateway lets them through, the signature is checked here).
  router.get(
    '/v1/file-downloads/:revisionId/:fileId',
    route({ params: downloadParams, query: signedUrlQuery }, async ({ params, query, req }, res) => {
      if (!verifySignedUrl(req.path, query, deps.internalSecret)) throw notFound('This download link is invalid or has expired');
      const file = await findFileDownload(db, params.revisionId, params.fileId);
      const bytes = file ? await deps.blobs.get(file.blob) : null;
      if (!file || !bytes) throw notFound(`File ${params.fileId} not found`);
      res
        .status(200)
        .set({
          // A type stored before contentType was checked (issue #32) must not break the answer.
          'Content-Type': isMediaType(file.contentType) ? file.contentType : 'application/octet-stream',
          'Content-Length': String(bytes.length),
          'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=300',
        })
        .end(bytes);
    }),
  );

  return router;
}
