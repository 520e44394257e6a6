import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { collectionParams, moveBody, orgParams, transferBody } from '../../content-tree';
import type { ContentHttpDeps } from '../../shared';
import { presentSpacePage } from '../../spaces';
import { createCollection } from '../application/create-collection';
import { deleteCollection } from '../application/delete-collection';
import { getCollection } from '../application/get-collection';
import { listCollectionSpaces } from '../application/list-collection-spaces';
import { listCollections } from '../application/list-collections';
import { moveCollection } from '../application/move-collection';
import { transferCollection } from '../application/transfer-collection';
import { updateCollection } from '../application/update-collection';
import { presentCollection } from '../presenters/collection.presenter';
import { createCollectionBody, listCollectionsQuery, updateCollectionBody } from './collections.schema';

export function collectionsRoutes(deps: ContentHttpDeps): Router {
  const { urls } = deps;
  const router = Router();

  // Any member lists, in tree order; `nested=false` lists only the top level.
  router.get(
    '/v1/orgs/:organizationId/collections',
    route({ params: orgParams, query: listCollectionsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { items, total } = await listCollections(deps, principal, { organizationId: params.organizationId, nested: query.nested, page });
      res.json(
        listEnvelope(
          items.map(({ collection, level }) => presentCollection(collection, level, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/collections',
    route({ params: orgParams, body: createCollectionBody }, async ({ params, body, principal }, res) => {
      const { collection, level } = await createCollection(deps, principal, {
        organizationId: params.organizationId,
        parentId: body.parent ?? null,
        title: body.title,
      });
      res
        .status(201)
        .location(urls.api(`/collections/${collection.id}`))
        .json(presentCollection(collection, level, urls));
    }),
  );

  router.get(
    '/v1/collections/:collectionId',
    route({ params: collectionParams }, async ({ params, principal }, res) => {
      const { collection, level } = await getCollection(deps, principal, params);
      res.json(presentCollection(collection, level, urls));
    }),
  );

  router.patch(
    '/v1/collections/:collectionId',
    route({ params: collectionParams, body: updateCollectionBody }, async ({ params, body, principal }, res) => {
      const { collection, level } = await updateCollection(deps, principal, { collectionId: params.collectionId, changes: body });
      res.json(presentCollection(collection, level, urls));
    }),
  );

  // An unknown collection is a 404, like one the caller cannot see.
  router.delete(
    '/v1/collections/:collectionId',
    route({ params: collectionParams }, async ({ params, principal }, res) => {
      await deleteCollection(deps, principal, params);
      res.status(205).end();
    }),
  );

  router.get(
    '/v1/collections/:collectionId/spaces',
    route({ params: collectionParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { items, total } = await listCollectionSpaces(deps, principal, { collectionId: params.collectionId, page });
      res.json(presentSpacePage(items, total, page, urls));
    }),
  );

  router.post(
    '/v1/collections/:collectionId/move',
    route({ params: collectionParams, body: moveBody }, async ({ params, body, principal }, res) => {
      const { collection, level } = await moveCollection(deps, principal, { collectionId: params.collectionId, parent: body.parent, position: body.position });
      res.json(presentCollection(collection, level, urls));
    }),
  );

  router.post(
    '/v1/collections/:collectionId/transfer',
    route({ params: collectionParams, body: transferBody }, async ({ params, body, principal }, res) => {
      const { collection, level } = await transferCollection(deps, principal, { collectionId: params.collectionId, organizationId: body.organization });
      res.json(presentCollection(collection, level, urls));
    }),
  );

  return router;
}
