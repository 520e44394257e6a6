import { Router } from 'express';
import { notFound } from '@quire/errors';
import { resourceId, z } from '@quire/input';
import type { BlobStore } from '@quire/platform/blobs';
import type { Cache } from '@quire/platform/cache';
import { route, signedUrlQuery, verifySignedUrl } from '@quire/platform/http';
import { changeRequestParams, pdfQuery } from '../../change-requests';
import type { ContentConversions } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { renderPdfExport } from '../application/render-pdf-export';
import { requestPdfLink } from '../application/request-pdf-link';

export type PdfDeps = ContentHttpDeps & { cache: Cache; blobs: BlobStore; internalSecret: string; conversions: ContentConversions };

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
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/pdf',
    route({ params: changeRequestParams, query: pdfQuery }, async ({ params, query, principal }, res) => {
      const path = await requestPdfLink(deps, principal, { ...params, page: query.page, only: query.only === 'true' });
      res.json({ url: deps.urls.app(path) });
    }),
  );

  router.get(
    '/v1/pdf-exports/:spaceId/:revisionId/:scope',
    route({ params: exportParams, query: signedUrlQuery }, async ({ params, query, req, log }, res) => {
      if (!verifySignedUrl(req.path, query, deps.internalSecret)) throw notFound('This PDF link is invalid or has expired');
      const started = Date.now();
      const { title, pdf } = await renderPdfExport(deps, params);
      log.info({ spaceId: params.spaceId, revisionId: params.revisionId, scope: params.scope, bytes: pdf.length, ms: Date.now() - started }, 'pdf rendered');
      res
        .status(200)
        .set({
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.length),
          'Content-Disposition': `inline; filename="${encodeURIComponent(title || 'content')}.pdf"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=300',
        })
        .end(pdf);
    }),
  );

  return router;
}
