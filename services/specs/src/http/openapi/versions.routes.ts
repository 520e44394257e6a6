import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageQuery, pageRequest, resourceId, z } from '@quire/input';
import { route, signedUrlQuery, verifySignedUrl } from '@quire/platform/http';
import type { SqlExecutor } from '@quire/platform/sql';
import { authorizeSpecs } from '../../policies/specs.policy';
import { presentSpecContent, presentSpecVersion } from '../../presenters/spec-version.presenter';
import { findSpecBySlug, type OpenAPISpec } from '../../store/openapi-specs.store';
import { findSpecVersion, findSpecVersionDocument, listSpecVersions, type OpenAPISpecVersion } from '../../store/spec-versions.store';
import type { SpecsHttpDeps } from '../deps';
import { specParams, versionParams } from './openapi.schema';

async function specOrNotFound(db: SqlExecutor, organizationId: string, slug: string): Promise<OpenAPISpec> {
  const spec = await findSpecBySlug(db, organizationId, slug);
  if (!spec) throw notFound(`OpenAPI spec ${slug} not found`);
  return spec;
}

/** `latest` is the spec's last version; any other id must be one of the spec's versions. */
async function versionOrNotFound(db: SqlExecutor, spec: OpenAPISpec, versionId: string): Promise<OpenAPISpecVersion> {
  const id = versionId === 'latest' ? spec.lastVersionId : versionId;
  const version = id ? await findSpecVersion(db, spec.id, id) : null;
  if (!version)
    throw notFound(versionId === 'latest' ? `OpenAPI spec ${spec.slug} has no version yet` : `Version ${versionId} of OpenAPI spec ${spec.slug} not found`);
  return version;
}

export function specVersionsRoutes(deps: SpecsHttpDeps): Router {
  const { db, urls, downloadTtlSeconds } = deps;
  const secret = deps.config.internalSecret;
  const router = Router();
  const base = '/v1/orgs/:organizationId/openapi/:specSlug/versions';

  router.get(
    base,
    route({ params: specParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const spec = await specOrNotFound(db, params.organizationId, params.specSlug);
      const page = pageRequest(query);
      const { rows, total } = await listSpecVersions(db, spec.id, page);
      res.json(
        listEnvelope(
          rows.map((v) => presentSpecVersion(spec, v, urls, secret, downloadTtlSeconds)),
          total,
          page,
        ),
      );
    }),
  );

  // `latest` is matched by the same routes: it is a valid id pattern and resolved above.
  router.get(
    `${base}/:versionId`,
    route({ params: versionParams }, async ({ params, principal }, res) => {
      await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const spec = await specOrNotFound(db, params.organizationId, params.specSlug);
      res.json(presentSpecVersion(spec, await versionOrNotFound(db, spec, params.versionId), urls, secret, downloadTtlSeconds));
    }),
  );

  router.get(
    `${base}/:versionId/content`,
    route({ params: versionParams }, async ({ params, principal }, res) => {
      await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const spec = await specOrNotFound(db, params.organizationId, params.specSlug);
      const version = await versionOrNotFound(db, spec, params.versionId);
      const document = await findSpecVersionDocument(db, version.id);
      if (!document) throw notFound(`Version ${params.versionId} of OpenAPI spec ${spec.slug} not found`);
      res.json(presentSpecContent(spec, document, urls, secret, downloadTtlSeconds));
    }),
  );

  // The signed download of a stored document: the signature is the credential (no member check).
  router.get(
    '/v1/openapi-documents/:versionId',
    route({ params: z.object({ versionId: resourceId }), query: signedUrlQuery }, async ({ params, query, req }, res) => {
      if (!verifySignedUrl(req.path, query, secret)) throw notFound('This download link is invalid or has expired');
      const document = await findSpecVersionDocument(db, params.versionId);
      if (!document) throw notFound(`Document ${params.versionId} not found`);
      res.type(document.mediaType).setHeader('content-disposition', `attachment; filename="${document.fileName}"`);
      res.send(document.document);
    }),
  );

  return router;
}
