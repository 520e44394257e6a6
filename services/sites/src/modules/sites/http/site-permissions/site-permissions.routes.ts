import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { inviteToSite } from '../../application/invite-to-site';
import { listSiteAccess } from '../../application/list-site-access';
import { listTeamGrants, listUserGrants } from '../../application/list-site-grants';
import { removeSiteGrant, updateSiteGrant } from '../../application/update-site-grant';
import type { SitePermissionDeps } from '../../application/write-site-grant';
import { presentTeamGrant, presentUserGrant, presentUserSiteAccess } from '../../presenters/site-permission.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { inviteToSiteBody, siteAccessQuery, siteTeamParams, siteUserParams, updateSitePermissionBody } from './site-permissions.schema';

// The site-permissions operations: who is granted what on a site. All of them, listings included,
// need the `admin` level on the site (site.policy).
export function sitePermissionsRoutes(deps: SitesHttpDeps): Router {
  const { clock, urls } = deps;
  const appDeps = { db: deps.db, membership: deps.membership, urls, identity: () => deps.clients.identity() };
  const router = Router();
  const base = '/v1/orgs/:organizationId/sites/:siteId/permissions';

  router.post(
    base,
    route({ params: siteParams, body: inviteToSiteBody }, async ({ params, body, principal }, res) => {
      await inviteToSite(appDeps, principal.userId, params, { role: body.role, users: body.users ?? [], teams: body.teams ?? [] }, clock());
      res.status(204).end();
    }),
  );

  router.get(
    `${base}/aggregate`,
    route({ params: siteParams, query: siteAccessQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const filter = { role: query.role, search: query.search, team: query.team, sort: query.sort, order: query.order };
      const { rows, total, users } = await listSiteAccess(appDeps, principal.userId, params, filter, page);
      res.json(
        listEnvelope(
          rows.map((person) => presentUserSiteAccess(person, users, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.get(
    `${base}/users`,
    route({ params: siteParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total, users } = await listUserGrants(appDeps, principal.userId, params, page);
      res.json(
        listEnvelope(
          rows.map((grant) => presentUserGrant(grant, users, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.get(
    `${base}/teams`,
    route({ params: siteParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total, teams } = await listTeamGrants(appDeps, principal.userId, params, page);
      // A team identity no longer knows (deleted) has no OrganizationTeam to show.
      const items = rows.flatMap((grant) => {
        const team = teams.get(grant.principal.id);
        return team ? [presentTeamGrant(grant, team)] : [];
      });
      res.json(listEnvelope(items, total, page));
    }),
  );

  grantChangeRoutes(router, base, appDeps, clock);
  return router;
}

// 204 for a change; 205: the grant was removed, 204: there was none (reference removeUserFromSite, removeTeamFromSite).
function grantChangeRoutes(router: Router, base: string, appDeps: SitePermissionDeps, clock: () => Date): void {
  router.patch(
    `${base}/users/:userId`,
    route({ params: siteUserParams, body: updateSitePermissionBody }, async ({ params, body, principal }, res) => {
      await updateSiteGrant(appDeps, principal.userId, params, { kind: 'user', id: params.userId }, body.role, clock());
      res.status(204).end();
    }),
  );

  router.delete(
    `${base}/users/:userId`,
    route({ params: siteUserParams }, async ({ params, principal }, res) => {
      const removed = await removeSiteGrant(appDeps, principal.userId, params, { kind: 'user', id: params.userId }, clock());
      res.status(removed ? 205 : 204).end();
    }),
  );

  router.patch(
    `${base}/teams/:teamId`,
    route({ params: siteTeamParams, body: updateSitePermissionBody }, async ({ params, body, principal }, res) => {
      await updateSiteGrant(appDeps, principal.userId, params, { kind: 'team', id: params.teamId }, body.role, clock());
      res.status(204).end();
    }),
  );

  router.delete(
    `${base}/teams/:teamId`,
    route({ params: siteTeamParams }, async ({ params, principal }, res) => {
      const removed = await removeSiteGrant(appDeps, principal.userId, params, { kind: 'team', id: params.teamId }, clock());
      res.status(removed ? 205 : 204).end();
    }),
  );
}
