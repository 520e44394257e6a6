import { siteReaderScope } from '@quire/access';
import { Router } from 'express';
import { notFound } from '@quire/errors';
import { isMediaType, listEnvelope, pageRequest } from '@quire/input';
import { route, signedUrlQuery, verifySignedUrl } from '@quire/platform/http';
import { answerMergedFrom, presentMergedFromToSiteReader } from '../../change-requests';
import { type ContentDeps, type ContentUrls, type LoadedRevision, presentFile, presentPageTree, presentRevision } from '../../revisions';
import { importIntoContent } from '../application/import-into-content';
import { readContentRevision } from '../application/read-content-revision';
import { readFileDownload } from '../application/read-file-download';
import { readPageAnswer } from '../application/read-page-answer';
import { readPageByPath } from '../application/read-page-by-path';
import { readPageDocument } from '../application/read-page-document';
import { readPageMetaLinks } from '../application/read-page-meta-links';
import { wholePage } from '../presenters/whole-page.presenter';
import {
  downloadParams,
  fileParams,
  filesQuery,
  importBody,
  changeRequestFileParams,
  changeRequestPageParams,
  changeRequestParams,
  changeRequestPathParams,
  documentQuery,
  pageParams,
  pathParams,
  pathQueryParams,
  pageQueryParams,
  revisionFileParams,
  revisionPageParams,
  revisionParams,
  revisionPathParams,
  revisionQuery,
  spaceParams,
  supportedSource,
} from './space-content.schema';

const CONTENT_SOURCES = [
  { base: '/v1/spaces/:spaceId/content', params: spaceParams, pageParams, fileParams, pathParams },
  {
    base: '/v1/spaces/:spaceId/revisions/:revisionId',
    params: revisionParams,
    pageParams: revisionPageParams,
    fileParams: revisionFileParams,
    pathParams: revisionPathParams,
  },
  {
    base: '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    params: changeRequestParams,
    pageParams: changeRequestPageParams,
    fileParams: changeRequestFileParams,
    pathParams: changeRequestPathParams,
  },
] as const;
const IMPORT_TARGETS = [CONTENT_SOURCES[0], CONTENT_SOURCES[2]] as const;

/** A page read's body: markdown by default; `format.markdown.refs` counts for markdown only. */
function bodyRead(query: { format?: 'document' | 'markdown'; 'format.markdown.refs'?: 'relative' | 'stable' }) {
  const format = query.format ?? 'markdown';
  return { format, refs: format === 'markdown' ? (query['format.markdown.refs'] ?? 'relative') : 'relative' } as const;
}

/** The use cases' dependencies, and how the presenters name content. */
export type SpaceContentDeps = ContentDeps & { contentUrls: ContentUrls };

/**
 * A space's content: its current revision (or any revision by id), the page tree, one page as
 * markdown or as a GitBook document, files, and imports. Members read; importing needs `edit`.
 */
export function spaceContentRoutes(deps: SpaceContentDeps): Router {
  const router = Router();
  for (const source of CONTENT_SOURCES) {
    revisionReadRoutes(router, deps, source);
    pageReadRoutes(router, deps, source);
  }
  // getPageDocumentInRevisionById: the reference has this read in the revision form only.
  router.get(
    '/v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/document',
    route({ params: revisionPageParams, query: documentQuery }, async ({ params, principal }, res) => {
      res.type('application/json').send(await readPageDocument(deps, principal, params));
    }),
  );
  importRoutes(router, deps);
  fileDownloadRoutes(router, deps);
  return router;
}

type ContentSource = (typeof CONTENT_SOURCES)[number];

/** The space (checked for `read`) and the revision its path names. */
const readable = (deps: SpaceContentDeps, p: { spaceId: string; revisionId?: string; changeRequestId?: string }, userId: string) =>
  readContentRevision(deps, { userId }, p);

const filesOf = (loaded: LoadedRevision) => loaded.revision.tree.files;

/** One source's revision, page tree, files and file. */
function revisionReadRoutes(router: Router, deps: SpaceContentDeps, source: ContentSource): void {
  const { contentUrls } = deps;
  router.get(
    source.base,
    route({ params: source.params, query: revisionQuery }, async ({ params, principal }, res) => {
      const { space, loaded } = await readable(deps, params, principal.userId);
      const merged = loaded.revision.mergedFrom ? await answerMergedFrom(deps, space, loaded.revision.mergedFrom) : undefined;
      // A published site's token reads what a reader renders, not who wrote it or why.
      const mergedFrom = merged && siteReaderScope(principal.userId) ? presentMergedFromToSiteReader(merged) : merged;
      res.json(presentRevision(loaded.revision, loaded.index, space, contentUrls, mergedFrom));
    }),
  );
  router.get(
    `${source.base}/pages`,
    route({ params: source.params, query: revisionQuery }, async ({ params, principal }, res) => {
      const { space, loaded } = await readable(deps, params, principal.userId);
      res.json({ pages: presentPageTree(loaded.index, space, contentUrls) });
    }),
  );
  router.get(
    `${source.base}/files`,
    route({ params: source.params, query: filesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { loaded } = await readable(deps, params, principal.userId);
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
      const { loaded } = await readable(deps, params, principal.userId);
      const file = filesOf(loaded).find((f) => f.id === params.fileId);
      if (!file) throw notFound(`File ${params.fileId} not found`);
      res.json(presentFile(file, loaded.revision.id, contentUrls, loaded.revision.gitBlobs?.[file.id]));
    }),
  );
}

/** One source's page reads: by id, by path, and a page's meta links. */
function pageReadRoutes(router: Router, deps: SpaceContentDeps, source: ContentSource): void {
  const presentWholePage = wholePage(deps);
  router.get(
    `${source.base}/page/:pageId`,
    route({ params: source.pageParams, query: pageQueryParams }, async ({ params, query, principal }, res) => {
      const answer = await readPageAnswer(deps, principal, params, bodyRead(query), presentWholePage);
      res.type('application/json').send(answer);
    }),
  );
  // getPageByPath, getPageInRevisionByPath, getPageInChangeRequestByPath: the path is one segment, percent-encoded.
  router.get(
    `${source.base}/path/:pagePath`,
    route({ params: source.pathParams, query: pathQueryParams }, async ({ params, query, principal }, res) => {
      const answer = await readPageByPath(deps, principal, params, bodyRead(query), presentWholePage);
      res.type('application/json').send(answer);
    }),
  );
  router.get(
    `${source.base}/page/:pageId/meta-links`,
    route({ params: source.pageParams }, async ({ params, principal }, res) => {
      res.json(await readPageMetaLinks(deps, principal, params));
    }),
  );
}

/**
 * An import appends to the content; a page import replaces that page's body. Main's paths write
 * the space's current revision; a change request's write only the change request's revision.
 */
function importRoutes(router: Router, deps: SpaceContentDeps): void {
  for (const source of IMPORT_TARGETS) {
    for (const [path, params] of [
      [`${source.base}/import`, source.params],
      [`${source.base}/page/:pageId/import`, source.pageParams],
    ] as const) {
      router.post(
        path,
        route({ params, body: importBody }, async ({ params: p, body, principal }, res) => {
          const { space, result } = await importIntoContent(deps, principal, {
            spaceId: p.spaceId,
            ...('changeRequestId' in p ? { changeRequestId: p.changeRequestId } : {}),
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
}

/** Signed download links (no bearer token; the gateway lets them through, the signature is checked here). */
function fileDownloadRoutes(router: Router, deps: SpaceContentDeps): void {
  router.get(
    '/v1/file-downloads/:revisionId/:fileId',
    route({ params: downloadParams, query: signedUrlQuery }, async ({ params, query, req }, res) => {
      if (!verifySignedUrl(req.path, query, deps.internalSecret)) throw notFound('This download link is invalid or has expired');
      const download = await readFileDownload(deps, params.revisionId, params.fileId);
      if (!download) throw notFound(`File ${params.fileId} not found`);
      const { file, bytes } = download;
      res
        .status(200)
        .set({
          // A type stored before contentType was checked (it could hold CR/LF) must not break the answer.
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
}
