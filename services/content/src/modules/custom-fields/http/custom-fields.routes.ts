import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { orgParams } from '../../content-tree';
import type { ContentHttpDeps } from '../../shared';
import { createCustomField } from '../application/create-custom-field';
import { deleteCustomField } from '../application/delete-custom-field';
import { getCustomField } from '../application/get-custom-field';
import { listCustomFields } from '../application/list-custom-fields';
import { updateCustomField } from '../application/update-custom-field';
import { presentCustomField } from '../presenters/custom-field.presenter';
import { createCustomFieldBody, fieldParams, updateCustomFieldBody } from './custom-fields.schema';
import { spaceCustomFieldsRoutes } from './space-custom-fields.routes';

/**
 * Custom field definitions of an organization: any member lists and reads them (they label the
 * spaces members see); only organization admins create, change or delete them. Values of a space
 * are mounted from here.
 */
export function customFieldsRoutes(deps: ContentHttpDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/custom-fields',
    route({ params: orgParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listCustomFields(deps, principal, { organizationId: params.organizationId, page });
      res.json(
        listEnvelope(
          rows.map((f) => presentCustomField(f, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/custom-fields',
    route({ params: orgParams, body: createCustomFieldBody }, async ({ params, body, principal }, res) => {
      const field = presentCustomField(await createCustomField(deps, principal, { organizationId: params.organizationId, field: body }), urls);
      res.status(201).location(field.urls.location).json(field);
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/custom-fields/:fieldName',
    route({ params: fieldParams }, async ({ params, principal }, res) => {
      res.json(presentCustomField(await getCustomField(deps, principal, params), urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/custom-fields/:fieldName',
    route({ params: fieldParams, body: updateCustomFieldBody }, async ({ params, body, principal }, res) => {
      const field = await updateCustomField(deps, principal, { ...params, changes: body });
      res.json(presentCustomField(field, urls));
    }),
  );

  // 404 for a name the organization has no field for: unlike a retried delete, a typo should show.
  router.delete(
    '/v1/orgs/:organizationId/custom-fields/:fieldName',
    route({ params: fieldParams }, async ({ params, principal }, res) => {
      await deleteCustomField(deps, principal, params);
      res.status(204).end();
    }),
  );

  router.use(spaceCustomFieldsRoutes(deps));
  return router;
}
