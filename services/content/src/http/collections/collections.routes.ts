import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { moveCollection, transferCollection } from '../../domain/collection-mover';
import { createCollection, deleteCollectionTree, updateCollectionFields } from '../../domain/collections';
import { authorizeCollection, authorizeDestination, authorizeMoveTarget } from '../../policies/collection.policy';
import { authorizeInOrganization, levelOnContent } from '../../policies/content.policy';
import { presentCollection } from '../../presenters/collection.presenter';
import { presentSpace } from '../../presenters/space.presenter';
import { listCollections } from '../../store/collections.store';
import { listSpacesInCollection } from '../../store/spaces.store';
import { collectionParams, moveBody, orgParams, transferBody } from '../content.schema';
import type { ContentHttpDeps } from '../deps';
import { createCollectionBody, listCollectionsQuery, updateCollectionBody } from './collections.schema';

export function collectionsRoutes({ db, urls, clock, membership }: ContentHttpDeps): Router {
  const router = Router();

  // Any member lists, in tree order; `nested=false` lists only the top level.
  router.get(
    '/v1/orgs/:organizationId/collections',
    route({ params: orgParams, query: listCollectionsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const role = await authorizeInOrganization(membership, params.organizationId, principal.userId, 'read');
      const { rows, total } = await listCollections(db, params.organizationId, query.nested, page);
      res.json(
        listEnvelope(
          rows.map((c) => presentCollection(c, levelOnContent(role, c), urls)),
          total,
          page,
        ),
      );
    }),
  );

  // New collections inherit (defaultLevel `inherit`) and go at the end of their parent.
  router.post(
    '/v1/orgs/:organizationId/collections',
    route({ params: orgParams, body: createCollectionBody }, async ({ params, body, principal }, res) => {
      const { organizationId } = params;
      const userId = principal.userId;
      const role = await authorizeInOrganization(membership, organizationId, userId, 'createContent');
      const parentId = body.parent ?? null;
      if (parentId) await authorizeDestination(db, membership, organizationId, parentId, userId);
      const collection = await createCollection(db, { organizationId, parentId, title: body.title, defaultLevel: 'inherit' }, clock());
      res
        .status(201)
        .location(urls.api(`/collections/${collection.id}`))
        .json(presentCollection(collection, levelOnContent(role, collection), urls));
    }),
  );

  router.get(
    '/v1/collections/:collectionId',
    route({ params: collectionParams }, async ({ params, principal }, res) => {
      const { collection, level } = await authorizeCollection(db, membership, params.collectionId, principal.userId, 'read');
      res.json(presentCollection(collection, level, urls));
    }),
  );

  router.patch(
    '/v1/collections/:collectionId',
    route({ params: collectionParams, body: updateCollectionBody }, async ({ params, body, principal }, res) => {
      const { collection, level } = await authorizeCollection(db, membership, params.collectionId, principal.userId, 'update');
      const updated = await updateCollectionFields(db, collection, body, clock());
      res.json(presentCollection(updated, level, urls));
    }),
  );

  // Sub-collections go with it; its spaces are deleted like DELETE /spaces/{id} (restorable for
  // 7 days, at the top level). An unknown collection is a 404, like one the caller cannot see.
  router.delete(
    '/v1/collections/:collectionId',
    route({ params: collectionParams }, async ({ params, principal }, res) => {
      const { collection } = await authorizeCollection(db, membership, params.collectionId, principal.userId, 'delete');
      await deleteCollectionTree(db, collection, clock());
      res.status(205).end();
    }),
  );

  router.get(
    '/v1/collections/:collectionId/spaces',
    route({ params: collectionParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { collection, role } = await authorizeCollection(db, membership, params.collectionId, principal.userId, 'read');
      const { rows, total } = await listSpacesInCollection(db, collection.id, page);
      res.json(
        listEnvelope(
          rows.map((s) => presentSpace(s, levelOnContent(role, s), urls)),
          total,
          page,
        ),
      );
    }),
  );

  // `parent` omitted: stays under its parent, only `position` changes.
  router.post(
    '/v1/collections/:collectionId/move',
    route({ params: collectionParams, body: moveBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { collection, level } = await authorizeCollection(db, membership, params.collectionId, userId, 'move');
      const parentId = await authorizeMoveTarget(db, membership, collection, body.parent, userId);
      const moved = await moveCollection(db, collection, { parentId, position: body.position }, clock());
      res.json(presentCollection(moved, level, urls));
    }),
  );

  // Admin of the collection here and admin of the target organization (a non-member of it: 404).
  router.post(
    '/v1/collections/:collectionId/transfer',
    route({ params: collectionParams, body: transferBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { collection } = await authorizeCollection(db, membership, params.collectionId, userId, 'transfer');
      const role = await authorizeInOrganization(membership, body.organization, userId, 'receiveTransfer');
      const moved = await transferCollection(db, collection, body.organization, clock());
      res.json(presentCollection(moved, levelOnContent(role, moved), urls));
    }),
  );

  return router;
}
