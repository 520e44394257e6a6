import { Router } from 'express';
import { pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { moveBody, orgParams, spaceParams, transferBody } from '../../content-tree';
import type { ContentHttpDeps } from '../../shared';
import { createSpace } from '../application/create-space';
import { deleteSpace } from '../application/delete-space';
import { duplicateSpace } from '../application/duplicate-space';
import { getSpace } from '../application/get-space';
import { listMemberSpaces } from '../application/list-member-spaces';
import { listSpaces } from '../application/list-spaces';
import { moveSpace } from '../application/move-space';
import { restoreSpace } from '../application/restore-space';
import { transferSpace } from '../application/transfer-space';
import { updateSpace } from '../application/update-space';
import { presentMemberSpacePage, presentSpace, presentSpacePage } from '../presenters/space.presenter';
import { createSpaceBody, getSpaceQuery, memberSpacesParams, memberSpacesQuery, spaceChangesFrom, updateSpaceBody } from './spaces.schema';

export function spacesRoutes(deps: ContentHttpDeps): Router {
  const router = Router();
  organizationSpacesRoutes(router, deps);
  spaceRoutes(router, deps);
  spaceActionRoutes(router, deps);
  return router;
}

/** The spaces of an organization: list and create. */
function organizationSpacesRoutes(router: Router, deps: ContentHttpDeps): void {
  const { urls } = deps;
  // Any member lists; spaces come in tree order, deleted ones left out.
  router.get(
    '/v1/orgs/:organizationId/spaces',
    route({ params: orgParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { items, total } = await listSpaces(deps, principal, { organizationId: params.organizationId, page });
      res.json(presentSpacePage(items, total, page, urls));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/members/:userId/spaces',
    route({ params: memberSpacesParams, query: memberSpacesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { items, total } = await listMemberSpaces(deps, principal, { ...params, page });
      res.json(presentMemberSpacePage(items, total, page, urls));
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/spaces',
    route({ params: orgParams, body: createSpaceBody }, async ({ params, body, principal }, res) => {
      const { space, level } = await createSpace(deps, principal, {
        organizationId: params.organizationId,
        parentId: body.parent ?? null,
        title: body.title,
        emoji: body.emoji ?? '',
        visibility: body.visibility,
        defaultLevel: body.defaultLevel,
        editMode: body.editMode,
      });
      res
        .status(201)
        .location(urls.api(`/spaces/${space.id}`))
        .json(presentSpace(space, level, urls));
    }),
  );
}

/** One space: read, change, delete. */
function spaceRoutes(router: Router, deps: ContentHttpDeps): void {
  const { urls } = deps;
  // A deleted space still answers (with deletedAt) until it is purged, so it can be restored.
  // `shareKey` is accepted and has no effect until share links exist (sites).
  router.get(
    '/v1/spaces/:spaceId',
    route({ params: spaceParams, query: getSpaceQuery }, async ({ params, principal }, res) => {
      const { space, level } = await getSpace(deps, principal, params);
      res.json(presentSpace(space, level, urls));
    }),
  );

  router.patch(
    '/v1/spaces/:spaceId',
    route({ params: spaceParams, body: updateSpaceBody }, async ({ params, body, principal }, res) => {
      const { space, level } = await updateSpace(deps, principal, { spaceId: params.spaceId, changes: spaceChangesFrom(body) });
      res.json(presentSpace(space, level, urls));
    }),
  );

  // 205 when deleted now, 204 when it was deleted already (reference: deleteSpaceById).
  router.delete(
    '/v1/spaces/:spaceId',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const deleted = await deleteSpace(deps, principal, params);
      res.status(deleted ? 205 : 204).end();
    }),
  );
}

/** What is done to a space as a whole: restore, duplicate, move, transfer. */
function spaceActionRoutes(router: Router, deps: ContentHttpDeps): void {
  const { urls } = deps;
  router.post(
    '/v1/spaces/:spaceId/restore',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const { space, level } = await restoreSpace(deps, principal, params);
      res.json(presentSpace(space, level, urls));
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/duplicate',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const { space, level } = await duplicateSpace(deps, principal, params);
      res
        .status(201)
        .location(urls.api(`/spaces/${space.id}`))
        .json(presentSpace(space, level, urls));
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/move',
    route({ params: spaceParams, body: moveBody }, async ({ params, body, principal }, res) => {
      const { space, level } = await moveSpace(deps, principal, { spaceId: params.spaceId, parent: body.parent, position: body.position });
      res.json(presentSpace(space, level, urls));
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/transfer',
    route({ params: spaceParams, body: transferBody }, async ({ params, body, principal }, res) => {
      const { space, level } = await transferSpace(deps, principal, { spaceId: params.spaceId, organizationId: body.organization });
      res.json(presentSpace(space, level, urls));
    }),
  );
}
