import { Router, type Request, type Response } from 'express';
import { listEnvelope, notFound, parseInput, parsePageRequest } from '@quire/common';
import { updateOrganizationFields } from '../../domain/organizations';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentOrganization } from '../../presenters/organization.presenter';
import { listOrganizationsOfUser } from '../../store/organizations.store';
import type { IdentityHttpDeps } from '../deps';
import { updateOrganizationBody } from './orgs.schema';

type OrgParams = { organizationId: string };

export function organizationsRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get('/v1/orgs', async (req: Request, res: Response) => {
    const page = parsePageRequest(req.query);
    const { rows, total } = await listOrganizationsOfUser(db, req.principal.userId, page);
    res.json(
      listEnvelope(
        rows.map((o) => presentOrganization(o, o.caller_role, urls)),
        total,
        page,
      ),
    );
  });

  router.get('/v1/orgs/:organizationId', async (req: Request<OrgParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'read');
    res.json(presentOrganization(org, org.role, urls));
  });

  router.patch('/v1/orgs/:organizationId', async (req: Request<OrgParams>, res: Response) => {
    const changes = parseInput(updateOrganizationBody, req.body ?? {});
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'update');
    const updated = await updateOrganizationFields(db, org.id, changes, clock());
    if (!updated) throw notFound(`Organization ${org.id} not found`);
    res.json(presentOrganization({ ...updated, caller_owns_team: org.caller_owns_team }, org.role, urls));
  });

  return router;
}
