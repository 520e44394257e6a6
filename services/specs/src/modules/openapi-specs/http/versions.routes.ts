import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageQuery, pageRequest, resourceId, z } from '@quire/input';
import { route, signedUrlQuery, verifySignedUrl } from '@quire/platform/http';
import { getSpecDocument } from '../application/get-spec-document';
import { getSpecVersion } from '../application/get-spec-version';
import { getSpecVersionContent } from '../application/get-spec-version-content';
import { listSpecVersions } from '../application/list-spec-versions';
import { presentSpecContent, presentSpecVersion } from '../presenters/spec-version.presenter';
import type { SpecsHttpDeps } from './deps';
import { specParams, versionParams } from './openapi.schema';

export function specVersionsRoutes(deps: SpecsHttpDeps): Router {
  const { urls, downloadTtlSeconds } = deps;
  const secret = deps.config.internalSecret;
  const router = Router();
  const base = '/v1/orgs/:organizationId/openapi/:specSlug/versions';

  router.get(
    base,
    route({ params: specParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { spec, versions } = await listSpecVersions(deps, principal, params, page);
      res.json(
        listEnvelope(
          versions.rows.map((v) => presentSpecVersion(spec, v, urls, secret, downloadTtlSeconds)),
          versions.total,
          page,
        ),
      );
    }),
  );

  // `latest` is matched by the same routes: it is a valid id pattern, resolved by the use case.
  router.get(
    `${base}/:versionId`,
    route({ params: versionParams }, async ({ params, principal }, res) => {
      const { spec, version } = await getSpecVersion(deps, principal, params);
      res.json(presentSpecVersion(spec, version, urls, secret, downloadTtlSeconds));
    }),
  );

  router.get(
    `${base}/:versionId/content`,
    route({ params: versionParams }, async ({ params, principal }, res) => {
      const { spec, document } = await getSpecVersionContent(deps, principal, params);
      res.json(presentSpecContent(spec, document, urls, secret, downloadTtlSeconds));
    }),
  );

  // The signed download of a stored document: the signature is the credential (no member check).
  router.get(
    '/v1/openapi-documents/:versionId',
    route({ params: z.object({ versionId: resourceId }), query: signedUrlQuery }, async ({ params, query, req }, res) => {
      if (!verifySignedUrl(req.path, query, secret)) throw notFound('This download link is invalid or has expired');
      const document = await getSpecDocument(deps, params.versionId);
      res.type(document.mediaType).setHeader('content-disposition', `attachment; filename="${document.fileName}"`);
      res.send(document.document);
    }),
  );

  return router;
}
