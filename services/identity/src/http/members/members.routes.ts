import { Router, type Request, type Response } from 'express';
import { listEnvelope, notFound, parseInput, parsePageRequest } from '@quire/common';
import { changeMemberRole, removeMember } from '../../domain/members';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentMember } from '../../presenters/member.presenter';
import { findMemberWithUser, listMembers } from '../../store/members.store';
import type { IdentityHttpDeps } from '../deps';
import { listMembersQuery, updateMemberBody } from './members.schema';

type MemberParams = { organizationId: string; userId: string };

const memberNotFound = (orgId: string, userId: string) => notFound(`Member ${userId} not found in organization ${orgId}`);

export function membersRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get('/v1/orgs/:organizationId/members', async (req: Request<{ organizationId: string }>, res: Response) => {
    const page = parsePageRequest(req.query);
    const filter = parseInput(listMembersQuery, req.query, 'query');
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'listMembers');
    const { rows, total } = await listMembers(db, org.id, filter, page);
    res.json(
      listEnvelope(
        rows.map((m) => presentMember(m, urls)),
        total,
        page,
      ),
    );
  });

  // Any member may read a member.
  router.get('/v1/orgs/:organizationId/members/:userId', async (req: Request<MemberParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'listMembers');
    const member = await findMemberWithUser(db, org.id, req.params.userId);
    if (!member) throw memberNotFound(org.id, req.params.userId);
    res.json(presentMember(member, urls));
  });

  // Only admins change roles; the last admin cannot be demoted (409).
  router.patch('/v1/orgs/:organizationId/members/:userId', async (req: Request<MemberParams>, res: Response) => {
    const body = parseInput(updateMemberBody, req.body ?? {});
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageMembers');
    const member = body.role
      ? await changeMemberRole(db, { organizationId: org.id, userId: req.params.userId, role: body.role }, clock())
      : await findMemberWithUser(db, org.id, req.params.userId);
    if (!member) throw memberNotFound(org.id, req.params.userId);
    res.json(presentMember(member, urls));
  });

  // Admins remove anyone; any member may remove themselves (leave). Never the last admin (409).
  // 205 when removed, 204 when the user was not a member (reference).
  router.delete('/v1/orgs/:organizationId/members/:userId', async (req: Request<MemberParams>, res: Response) => {
    const isLeaving = req.params.userId === req.principal.userId;
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, isLeaving ? 'read' : 'manageMembers');
    const removed = await removeMember(db, { organizationId: org.id, userId: req.params.userId }, clock());
    res.status(removed ? 205 : 204).end();
  });

  return router;
}
