import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createCustomField, customFieldNotFound, deleteCustomFieldByName, updateCustomFieldDefinition } from '../../domain/custom-fields';
import { authorizeInOrganization } from '../../policies/content.policy';
import { presentCustomField } from '../../presenters/custom-field.presenter';
import { findCustomFieldByName, listCustomFields } from '../../store/custom-fields.store';
import { orgParams } from '../content.schema';
import type { ContentHttpDeps } from '../deps';
import { createCustomFieldBody, fieldParams, updateCustomFieldBody } from './custom-fields.schema';
import { spaceCustomFieldsRoutes } from './space-custom-fields.routes';

/**
 * Custom field definitions of an organization: any member lists and reads them (they label the
 * spaces members see); only organization admins create, change or delete them. Values of a space
 * are mounted from here.
 */
export function customFieldsRoutes(deps: ContentHttpDeps): Router {
  const { db, urls, clock, membership } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/custom-fields',
    route({ params: orgParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      await authorizeInOrganization(membership, params.organizationId, principal.userId, 'read');
      const { rows, total } = await listCustomFields(db, params.organizationId, page);
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
      await authorizeInOrganization(membership, params.organizationId, principal.userId, 'manageCustomFields');
      const field = presentCustomField(await createCustomField(db, params.organizationId, body, clock()), urls);
      res.status(201).location(field.urls.location).json(field);
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/custom-fields/:fieldName',
    route({ params: fieldParams }, async ({ params, principal }, res) => {
      await authorizeInOrganization(membership, params.organizationId, principal.userId, 'read');
      const field = await findCustomFieldByName(db, params.organizationId, params.fieldName);
      if (!field) throw customFieldNotFound(params.fieldName);
      res.json(presentCustomField(field, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/custom-fields/:fieldName',
    route({ params: fieldParams, body: updateCustomFieldBody }, async ({ params, body, principal }, res) => {
      await authorizeInOrganization(membership, params.organizationId, principal.userId, 'manageCustomFields');
      const field = await updateCustomFieldDefinition(db, params.organizationId, params.fieldName, body, clock());
      res.json(presentCustomField(field, urls));
    }),
  );

  // 404 for a name the organization has no field for: unlike a retried delete, a typo should show.
  router.delete(
    '/v1/orgs/:organizationId/custom-fields/:fieldName',
    route({ params: fieldParams }, async ({ params, principal }, res) => {
      await authorizeInOrganization(membership, params.organizationId, principal.userId, 'manageCustomFields');
      await deleteCustomFieldByName(db, params.organizationId, params.fieldName, clock());
      res.status(204).end();
    }),
  );

  router.use(spaceCustomFieldsRoutes(deps));
  return router;
}
