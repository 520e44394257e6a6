import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest } from '@quire/common';
import { createCustomField, customFieldNotFound, deleteCustomFieldByName, updateCustomFieldDefinition } from '../../domain/custom-fields';
import { authorizeInOrganization } from '../../policies/content.policy';
import { presentCustomField } from '../../presenters/custom-field.presenter';
import { findCustomFieldByName, listCustomFields } from '../../store/custom-fields.store';
import type { ContentHttpDeps } from '../deps';
import { createCustomFieldBody, updateCustomFieldBody } from './custom-fields.schema';
import { spaceCustomFieldsRoutes } from './space-custom-fields.routes';

type OrgParams = { organizationId: string };
type FieldParams = OrgParams & { fieldName: string };

/**
 * Custom field definitions of an organization: any member lists and reads them (they label the
 * spaces members see); only organization admins create, change or delete them. Values of a space
 * are mounted from here.
 */
export function customFieldsRoutes(deps: ContentHttpDeps): Router {
  const { db, urls, clock, membership } = deps;
  const router = Router();

  router.get('/v1/orgs/:organizationId/custom-fields', async (req: Request<OrgParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    await authorizeInOrganization(membership, req.params.organizationId, req.principal.userId, 'read');
    const { rows, total } = await listCustomFields(db, req.params.organizationId, page);
    res.json(
      listEnvelope(
        rows.map((f) => presentCustomField(f, urls)),
        total,
        page,
      ),
    );
  });

  router.post('/v1/orgs/:organizationId/custom-fields', async (req: Request<OrgParams>, res: Response) => {
    const input = parseInput(createCustomFieldBody, req.body ?? {});
    await authorizeInOrganization(membership, req.params.organizationId, req.principal.userId, 'admin');
    const field = await createCustomField(db, req.params.organizationId, input, clock());
    const body = presentCustomField(field, urls);
    res.status(201).location(body.urls.location).json(body);
  });

  router.get('/v1/orgs/:organizationId/custom-fields/:fieldName', async (req: Request<FieldParams>, res: Response) => {
    await authorizeInOrganization(membership, req.params.organizationId, req.principal.userId, 'read');
    const field = await findCustomFieldByName(db, req.params.organizationId, req.params.fieldName);
    if (!field) throw customFieldNotFound(req.params.fieldName);
    res.json(presentCustomField(field, urls));
  });

  router.patch('/v1/orgs/:organizationId/custom-fields/:fieldName', async (req: Request<FieldParams>, res: Response) => {
    const changes = parseInput(updateCustomFieldBody, req.body ?? {});
    await authorizeInOrganization(membership, req.params.organizationId, req.principal.userId, 'admin');
    const field = await updateCustomFieldDefinition(db, req.params.organizationId, req.params.fieldName, changes, clock());
    res.json(presentCustomField(field, urls));
  });

  // 404 for a name the organization has no field for: unlike a retried delete, a typo should show.
  router.delete('/v1/orgs/:organizationId/custom-fields/:fieldName', async (req: Request<FieldParams>, res: Response) => {
    await authorizeInOrganization(membership, req.params.organizationId, req.principal.userId, 'admin');
    await deleteCustomFieldByName(db, req.params.organizationId, req.params.fieldName, clock());
    res.status(204).end();
  });

  router.use(spaceCustomFieldsRoutes(deps));
  return router;
}
