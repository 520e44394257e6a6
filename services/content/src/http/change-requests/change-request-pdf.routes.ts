import { Router } from 'express';
import { badRequest, notFound } from '@quire/errors';
import { resourceId, z } from '@quire/input';
import type { BlobStore } from '@quire/platform/blobs';
import type { Cache } from '@quire/platform/cache';
import { route, signedUrlQuery, signUrlPath, verifySignedUrl } from '@quire/platform/http';
import { loadRevision } from '../../domain/content/read-content';
import type { ContentConversions } from '../../domain/conversions/conversions';
import { embeddedImages } from '../../domain/pdf/pdf-images';
import { revisionPdfSource } from '../../domain/pdf/revision-pdf';
import { authorizeChangeRequest } from '../../policies/change-request.policy';
import { findSpaceById } from '../../store/spaces.store';
import type { ContentHttpDeps } from '../deps';
import { changeRequestParams, pdfQuery } from './change-requests.schema';

export type PdfDeps = ContentHttpDeps & { cache: Cache; blobs: BlobStore; internalSecret: string; conversions: ContentConversions };

/** The reference: "Temporary URL to print the content. The URL will work for 1h." */
const PDF_URL_TTL_SECONDS = 3600;

/** What a PDF link prints: the whole revision, a page with its subpages, or one page only. */
const scopeParam = z.string().regex(/^(all|page-[A-Za-z0-9_-]{1,128}|only-[A-Za-z0-9_-]{1,128})$/);
const exportParams = z.object({ spaceId: resourceId, revisionId: resourceId, scope: scopeParam });

/**
 * `GET …/change-requests/{id}/pdf` answers a signed link (no bearer token, valid one hour) to
 * the change request's current revision printed as PDF; the link names that immutable revision,
 * so it prints the same pages however the change request moves on. The PDF is rendered when the
 * link is fetched (any replica can: nothing is kept on one process).
 */
export function changeRequestPdfRoutes(deps: PdfDeps): Router {
  const { db, cache, membership } = deps;
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/pdf',
    route({ params: changeRequestParams, query: pdfQuery }, async ({ params, query, principal }, res) => {
      const { space, changeRequest } = await authorizeChangeRequest(db, membership, params.spaceId, params.changeRequestId, principal.userId, 'read');
      if (query.only === 'true' && !query.page) throw badRequest('"page": give the page to print with only=true');
      if (query.page) {
        const loaded = await loadRevision(db, cache, space.id, changeRequest.revisionId);
        if (!loaded.index.page(query.page)) throw badRequest(`"page": page ${query.page} is not in change request #${changeRequest.number}`);
      }
      const scope = query.page ? `${query.only === 'true' ? 'only' : 'page'}-${query.page}` : 'all';
      const path = `/v1/pdf-exports/${space.id}/${changeRequest.revisionId}/${scope}`;
      res.json({ url: deps.urls.app(signUrlPath(path, deps.internalSecret, PDF_URL_TTL_SECONDS)) });
    }),
  );

  router.get(
    '/v1/pdf-exports/:spaceId/:revisionId/:scope',
    route({ params: exportParams, query: signedUrlQuery }, async ({ params, query, req, log }, res) => {
      if (!verifySignedUrl(req.path, query, deps.internalSecret)) throw notFound('This PDF link is invalid or has expired');
      const space = await findSpaceById(db, params.spaceId);
      if (!space) throw notFound(`Space ${params.spaceId} not found`);
      const loaded = await loadRevision(db, cache, space.id, params.revisionId);
      const only = params.scope === 'all' ? undefined : { pageId: params.scope.slice(5), subpages: params.scope.startsWith('page-') };
      const started = Date.now();
      const source = await revisionPdfSource({ db, blobs: deps.blobs }, loaded, space.title || 'Untitled', only);
      const images = await embeddedImages(deps.blobs, loaded, source.pages);
      const pdf = await deps.conversions.pdf({ title: source.title, pages: source.pages, tree: loaded.revision.tree, images });
      log.info({ spaceId: space.id, revisionId: params.revisionId, scope: params.scope, bytes: pdf.length, ms: Date.now() - started }, 'pdf rendered');
      res
        .status(200)
        .set({
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.length),
          'Content-Disposition': `inline; filename="${encodeURIComponent(space.title || 'content')}.pdf"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=300',
        })
        .end(pdf);
    }),
  );

  return router;
}
