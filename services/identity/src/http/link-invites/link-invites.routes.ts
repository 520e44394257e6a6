import { Router, type Request, type Response } from 'express';
import { listEnvelope, notFound, parseInput, parsePageRequest } from '@quire/common';
import { changeLinkInviteRole, createLinkInvite, removeLinkInvite } from '../../domain/invites';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentLinkInvite } from '../../presenters/invite.presenter';
import { findLinkInvite, listLinkInvites } from '../../store/invites.store';
import type { IdentityHttpDeps } from '../deps';
import { createLinkInviteBody, updateLinkInviteBody } from './link-invites.schema';

type OrgParams = { organizationId: string };
type InviteParams = OrgParams & { inviteId: string };

const inviteNotFound = (orgId: string, inviteId: string) => notFound(`Invite ${inviteId} not found in organization ${orgId}`);

// Invite links are managed by admins only (they hand out memberships).
export function linkInvitesRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get('/v1/orgs/:organizationId/link-invites', async (req: Request<OrgParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageInvites');
    const { rows, total } = await listLinkInvites(db, org.id, page);
    res.json(
      listEnvelope(
        rows.map((i) => presentLinkInvite(i, org.role, urls)),
        total,
        page,
      ),
    );
  });

  router.post('/v1/orgs/:organizationId/link-invites', async (req: Request<OrgParams>, res: Response) => {
    const body = parseInput(createLinkInviteBody, req.body ?? {});
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageInvites');
    const { invite, secret } = await createLinkInvite(db, { organization: org, role: body.role, createdBy: req.principal.userId }, clock());
    res.status(201).json(presentLinkInvite(invite, org.role, urls, secret));
  });

  router.get('/v1/orgs/:organizationId/link-invites/:inviteId', async (req: Request<InviteParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageInvites');
    const invite = await findLinkInvite(db, org.id, req.params.inviteId);
    if (!invite) throw inviteNotFound(org.id, req.params.inviteId);
    res.json(presentLinkInvite(invite, org.role, urls));
  });

  router.patch('/v1/orgs/:organizationId/link-invites/:inviteId', async (req: Request<InviteParams>, res: Response) => {
    const body = parseInput(updateLinkInviteBody, req.body ?? {});
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageInvites');
    const invite = await changeLinkInviteRole(db, { organizationId: org.id, inviteId: req.params.inviteId, role: body.role }, clock());
    if (!invite) throw inviteNotFound(org.id, req.params.inviteId);
    res.json(presentLinkInvite(invite, org.role, urls));
  });

  // 205 when deleted, 204 when there was no such invite (reference).
  router.delete('/v1/orgs/:organizationId/link-invites/:inviteId', async (req: Request<InviteParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageInvites');
    const deleted = await removeLinkInvite(db, { organizationId: org.id, inviteId: req.params.inviteId }, clock());
    res.status(deleted ? 205 : 204).end();
  });

  return router;
}
