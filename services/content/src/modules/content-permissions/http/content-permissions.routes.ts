import type { Response } from 'express';
import { Router } from 'express';
import type { Role } from '@quire/access';
import { listEnvelope, pageQuery, pageRequest, type PageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { collectionParams, spaceParams, type Principal, type ResourceKind } from '../../content-tree';
import type { Caller, ContentHttpDeps } from '../../shared';
import { inviteToContent, removeContentGrant, setContentGrant } from '../application/change-content-grants';
import { listContentAccess } from '../application/list-content-access';
import { listContentTeams, listContentUsers } from '../application/list-content-grants';
import { presentTeamPermission, presentUserPermission } from '../presenters/content-permission.presenter';
import {
  aggregateQuery,
  collectionTeamParams,
  collectionUserParams,
  grantBody,
  inviteBody,
  spaceTeamParams,
  spaceUserParams,
} from './content-permissions.schema';

type Resource = { kind: ResourceKind; id: string };

// The space-permissions and collection-permissions operations: the same eight on each kind.
// Changes answer 204; a removal answers 205 when a grant was removed and 204 when there was none
// (reference: "The user was not found in the space").

export function contentPermissionsRoutes(deps: ContentHttpDeps): Router {
  const router = Router();
  const space = (spaceId: string): Resource => ({ kind: 'space', id: spaceId });
  const collection = (collectionId: string): Resource => ({ kind: 'collection', id: collectionId });
  const on = (p: { spaceId: string } | { collectionId: string }): Resource => ('spaceId' in p ? space(p.spaceId) : collection(p.collectionId));

  for (const [base, params, userParams, teamParams] of [
    ['/v1/spaces/:spaceId', spaceParams, spaceUserParams, spaceTeamParams],
    ['/v1/collections/:collectionId', collectionParams, collectionUserParams, collectionTeamParams],
  ] as const) {
    router.post(
      `${base}/permissions`,
      route({ params, body: inviteBody }, async ({ params, body, principal }, res) => {
        await inviteToContent(deps, principal, { resource: on(params), role: body.role, users: body.users ?? [], teams: body.teams ?? [] });
        res.status(204).end();
      }),
    );
    router.get(
      `${base}/permissions/users`,
      route({ params, query: pageQuery }, async ({ params, query, principal }, res) => sendUsers(deps, principal, on(params), pageRequest(query), res)),
    );
    router.patch(
      `${base}/permissions/users/:userId`,
      route({ params: userParams, body: grantBody }, async ({ params, body, principal }, res) => {
        await setContentGrant(deps, principal, { resource: on(params), principal: { kind: 'user', id: params.userId }, role: body.role });
        res.status(204).end();
      }),
    );
    router.delete(
      `${base}/permissions/users/:userId`,
      route({ params: userParams }, async ({ params, principal }, res) => sendRemoval(deps, principal, on(params), { kind: 'user', id: params.userId }, res)),
    );
    router.get(
      `${base}/permissions/teams`,
      route({ params, query: pageQuery }, async ({ params, query, principal }, res) => sendTeams(deps, principal, on(params), pageRequest(query), res)),
    );
    router.patch(
      `${base}/permissions/teams/:teamId`,
      route({ params: teamParams, body: grantBody }, async ({ params, body, principal }, res) => {
        await setContentGrant(deps, principal, { resource: on(params), principal: { kind: 'team', id: params.teamId }, role: body.role });
        res.status(204).end();
      }),
    );
    router.delete(
      `${base}/permissions/teams/:teamId`,
      route({ params: teamParams }, async ({ params, principal }, res) => sendRemoval(deps, principal, on(params), { kind: 'team', id: params.teamId }, res)),
    );
    router.get(
      `${base}/permissions/aggregate`,
      route({ params, query: aggregateQuery }, async ({ params, query, principal }, res) =>
        sendAggregate(deps, principal, on(params), query.role, pageRequest(query), res),
      ),
    );
  }
  return router;
}

async function sendUsers(deps: ContentHttpDeps, caller: Caller, resource: Resource, page: PageRequest, res: Response): Promise<void> {
  const { items, total } = await listContentUsers(deps, caller, { resource, page });
  res.json(listEnvelope(items.map(presentUserPermission), total, page));
}

async function sendTeams(deps: ContentHttpDeps, caller: Caller, resource: Resource, page: PageRequest, res: Response): Promise<void> {
  const { items, total } = await listContentTeams(deps, caller, { resource, page });
  res.json(listEnvelope(items.map(presentTeamPermission), total, page));
}

async function sendAggregate(
  deps: ContentHttpDeps,
  caller: Caller,
  resource: Resource,
  role: Role | undefined,
  page: PageRequest,
  res: Response,
): Promise<void> {
  const { items, total } = await listContentAccess(deps, caller, { resource, role, page });
  res.json(listEnvelope(items.map(presentUserPermission), total, page));
}

async function sendRemoval(deps: ContentHttpDeps, caller: Caller, resource: Resource, principal: Principal, res: Response): Promise<void> {
  const removed = await removeContentGrant(deps, caller, { resource, principal });
  res.status(removed ? 205 : 204).end();
}
