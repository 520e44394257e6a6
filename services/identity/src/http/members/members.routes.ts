import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest } from '@quire/common';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentMember } from '../../presenters/member.presenter';
import { listMembers } from '../../store/members.store';
import type { IdentityHttpDeps } from '../deps';
import { listMembersQuery } from './members.schema';

export function membersRoutes({ db, urls }: IdentityHttpDeps): Router {
  const router = Router();

  router.get('/v1/orgs/:organizationId/members', async (req: Request<{ organizationId: string }>, res: Response) => {
    const page = parsePageRequest(req.query);
    const filter = parseInput(listMembersQuery, req.query, 'query');
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'listMembers');
    const { rows, total } = await listMembers(db, org.id, filter, page);
    res.json(listEnvelope(rows.map((m) => presentMember(m, urls)), total, page));
  });

  return router;
}
