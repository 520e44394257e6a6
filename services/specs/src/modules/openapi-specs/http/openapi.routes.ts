import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createSpec } from '../application/create-spec';
import { deleteSpec } from '../application/delete-spec';
import { getSpec } from '../application/get-spec';
import { listSpecs } from '../application/list-specs';
import { putSpec } from '../application/put-spec';
import { updateSpecVisibility } from '../application/update-spec-visibility';
import { presentSpec, specPath } from '../presenters/openapi-spec.presenter';
import type { SpecsHttpDeps } from './deps';
import { createSpecBody, orgParams, patchSpecBody, putSpecBody, specListQuery, specParams } from './openapi.schema';

// Any member reads OpenAPI specs; members with the `create` role change them (openapi-spec.policy).
export function openapiRoutes(deps: SpecsHttpDeps): Router {
  const { urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/openapi';

  router.get(
    base,
    route({ params: orgParams, query: specListQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total, role } = await listSpecs(deps, principal, params.organizationId, page);
      res.json(
        listEnvelope(
          rows.map((spec) => presentSpec(spec, role, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    base,
    route({ params: orgParams, body: createSpecBody }, async ({ params, body, principal }, res) => {
      const { spec, role } = await createSpec(deps, principal, { organizationId: params.organizationId, slug: body.slug, source: body.source });
      res
        .status(201)
        .location(urls.api(specPath(spec)))
        .json(presentSpec(spec, role, urls));
    }),
  );

  router.get(
    `${base}/:specSlug`,
    route({ params: specParams }, async ({ params, principal }, res) => {
      const { spec, role } = await getSpec(deps, principal, params);
      res.json(presentSpec(spec, role, urls));
    }),
  );

  router.put(
    `${base}/:specSlug`,
    route({ params: specParams, body: putSpecBody }, async ({ params, body, principal }, res) => {
      const { spec, created, role } = await putSpec(deps, principal, { organizationId: params.organizationId, slug: params.specSlug, source: body.source });
      if (created) res.status(201).location(urls.api(specPath(spec)));
      res.json(presentSpec(spec, role, urls));
    }),
  );

  router.patch(
    `${base}/:specSlug`,
    route({ params: specParams, body: patchSpecBody }, async ({ params, body, principal }, res) => {
      const { spec, role } = await updateSpecVisibility(deps, principal, params, body.visibility);
      res.json(presentSpec(spec, role, urls));
    }),
  );

  router.delete(
    `${base}/:specSlug`,
    route({ params: specParams }, async ({ params, principal }, res) => {
      await deleteSpec(deps, principal, params);
      res.status(205).end();
    }),
  );

  return router;
}
