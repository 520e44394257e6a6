import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { changeSpecVisibility, createSpec, putSpec, removeSpec } from '../../domain/openapi-specs';
import { authorizeSpecs } from '../../policies/specs.policy';
import { presentSpec, specPath } from '../../presenters/openapi-spec.presenter';
import { findSpecBySlug, listSpecs } from '../../store/openapi-specs.store';
import type { SpecsHttpDeps } from '../deps';
import { createSpecBody, orgParams, patchSpecBody, putSpecBody, specListQuery, specParams } from './openapi.schema';

export function openapiRoutes(deps: SpecsHttpDeps): Router {
  const { db, clock, urls, schedule } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/openapi';

  router.get(
    base,
    route({ params: orgParams, query: specListQuery }, async ({ params, query, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const page = pageRequest(query);
      const { rows, total } = await listSpecs(db, params.organizationId, page);
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
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      const spec = await createSpec(
        db,
        { organizationId: params.organizationId, slug: body.slug, source: body.source, callerId: principal.userId },
        schedule,
        clock(),
      );
      res
        .status(201)
        .location(urls.api(specPath(spec)))
        .json(presentSpec(spec, role, urls));
    }),
  );

  router.get(
    `${base}/:specSlug`,
    route({ params: specParams }, async ({ params, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const spec = await findSpecBySlug(db, params.organizationId, params.specSlug);
      if (!spec) throw notFound(`OpenAPI spec ${params.specSlug} not found`);
      res.json(presentSpec(spec, role, urls));
    }),
  );

  router.put(
    `${base}/:specSlug`,
    route({ params: specParams, body: putSpecBody }, async ({ params, body, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      const { spec, created } = await putSpec(
        db,
        { organizationId: params.organizationId, slug: params.specSlug, source: body.source, callerId: principal.userId },
        schedule,
        clock(),
      );
      if (created) res.status(201).location(urls.api(specPath(spec)));
      res.json(presentSpec(spec, role, urls));
    }),
  );

  router.patch(
    `${base}/:specSlug`,
    route({ params: specParams, body: patchSpecBody }, async ({ params, body, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      const spec = await findSpecBySlug(db, params.organizationId, params.specSlug);
      if (!spec) throw notFound(`OpenAPI spec ${params.specSlug} not found`);
      res.json(presentSpec(await changeSpecVisibility(db, spec, body.visibility, principal.userId, clock()), role, urls));
    }),
  );

  router.delete(
    `${base}/:specSlug`,
    route({ params: specParams }, async ({ params, principal }, res) => {
      await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      await removeSpec(db, params.organizationId, params.specSlug, principal.userId, clock());
      res.status(205).end();
    }),
  );

  return router;
}
