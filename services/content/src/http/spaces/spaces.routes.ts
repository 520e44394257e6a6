import { Router } from 'express';
import { badRequest } from '@quire/errors';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { moveSpace, transferSpace } from '../../domain/space-mover';
import { deleteSpace, restoreSpace } from '../../domain/space-retention';
import { createSpace, duplicateSpace, updateSpaceFields } from '../../domain/spaces';
import { authorizeDestination, authorizeMoveTarget } from '../../policies/collection.policy';
import { authorizeInOrganization, levelOnContent } from '../../policies/content.policy';
import { authorizeSpace } from '../../policies/space.policy';
import { presentSpace } from '../../presenters/space.presenter';
import { listSpacesInOrganization } from '../../store/spaces.store';
import { moveBody, orgParams, spaceParams, transferBody } from '../content.schema';
import type { ContentHttpDeps } from '../deps';
import { createSpaceBody, getSpaceQuery, IN_COLLECTION_ONLY, spaceChangesFrom, updateSpaceBody } from './spaces.schema';

export function spacesRoutes({ db, urls, clock, membership }: ContentHttpDeps): Router {
  const router = Router();

  // Any member lists; spaces come in tree order, deleted ones left out.
  router.get(
    '/v1/orgs/:organizationId/spaces',
    route({ params: orgParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const role = await authorizeInOrganization(membership, params.organizationId, principal.userId, 'read');
      const { rows, total } = await listSpacesInOrganization(db, params.organizationId, page);
      res.json(
        listEnvelope(
          rows.map((s) => presentSpace(s, levelOnContent(role, s), urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/spaces',
    route({ params: orgParams, body: createSpaceBody }, async ({ params, body, principal }, res) => {
      const { organizationId } = params;
      const userId = principal.userId;
      const role = await authorizeInOrganization(membership, organizationId, userId, 'createContent');
      const parentId = body.parent ?? null;
      if (parentId) await authorizeDestination(db, membership, organizationId, parentId, userId);
      const space = await createSpace(
        db,
        {
          organizationId,
          parentId,
          title: body.title,
          emoji: body.emoji ?? '',
          visibility: body.visibility,
          defaultLevel: body.defaultLevel,
          editMode: body.editMode,
          createdBy: userId,
        },
        clock(),
      );
      res
        .status(201)
        .location(urls.api(`/spaces/${space.id}`))
        .json(presentSpace(space, levelOnContent(role, space), urls));
    }),
  );

  // A deleted space still answers (with deletedAt) until it is purged, so it can be restored.
  // `shareKey` is accepted and has no effect until share links exist (sites).
  router.get(
    '/v1/spaces/:spaceId',
    route({ params: spaceParams, query: getSpaceQuery }, async ({ params, principal }, res) => {
      const { space, level } = await authorizeSpace(db, membership, params.spaceId, principal.userId, 'read');
      res.json(presentSpace(space, level, urls));
    }),
  );

  router.patch(
    '/v1/spaces/:spaceId',
    route({ params: spaceParams, body: updateSpaceBody }, async ({ params, body, principal }, res) => {
      const action = body.defaultLevel !== undefined || body.visibility !== undefined ? 'configure' : 'edit';
      const { space, level } = await authorizeSpace(db, membership, params.spaceId, principal.userId, action);
      if (body.visibility === 'in-collection' && !space.parentId) throw badRequest(`Invalid body field "visibility": ${IN_COLLECTION_ONLY}`);
      const updated = await updateSpaceFields(db, space, spaceChangesFrom(body), clock());
      res.json(presentSpace(updated, level, urls));
    }),
  );

  // 205 when deleted now, 204 when it was deleted already (reference: deleteSpaceById).
  router.delete(
    '/v1/spaces/:spaceId',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const { space } = await authorizeSpace(db, membership, params.spaceId, principal.userId, 'delete');
      const deleted = await deleteSpace(db, space, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.post(
    '/v1/spaces/:spaceId/restore',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const { space, level } = await authorizeSpace(db, membership, params.spaceId, principal.userId, 'restore');
      const restored = await restoreSpace(db, space, clock());
      res.json(presentSpace(restored, level, urls));
    }),
  );

  // The copy is new content: it needs the `create` role, and `create` on the collection it lands in.
  router.post(
    '/v1/spaces/:spaceId/duplicate',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const userId = principal.userId;
      const { space } = await authorizeSpace(db, membership, params.spaceId, userId, 'duplicate');
      const role = await authorizeInOrganization(membership, space.organizationId, userId, 'createContent');
      if (space.parentId) await authorizeDestination(db, membership, space.organizationId, space.parentId, userId);
      const copy = await duplicateSpace(db, space, userId, clock());
      res
        .status(201)
        .location(urls.api(`/spaces/${copy.id}`))
        .json(presentSpace(copy, levelOnContent(role, copy), urls));
    }),
  );

  // `parent` omitted: stays in its collection, only `position` changes.
  router.post(
    '/v1/spaces/:spaceId/move',
    route({ params: spaceParams, body: moveBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { space, level } = await authorizeSpace(db, membership, params.spaceId, userId, 'move');
      const parentId = await authorizeMoveTarget(db, membership, space, body.parent, userId);
      const moved = await moveSpace(db, space, { parentId, position: body.position }, clock());
      res.json(presentSpace(moved, level, urls));
    }),
  );

  // Admin of the space here and admin of the target organization (a non-member of it: 404).
  router.post(
    '/v1/spaces/:spaceId/transfer',
    route({ params: spaceParams, body: transferBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { space } = await authorizeSpace(db, membership, params.spaceId, userId, 'transfer');
      const role = await authorizeInOrganization(membership, body.organization, userId, 'receiveTransfer');
      const moved = await transferSpace(db, space, body.organization, clock());
      res.json(presentSpace(moved, levelOnContent(role, moved), urls));
    }),
  );

  return router;
}
