import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest } from '@quire/common';
import { moveCollection, transferCollection } from '../../domain/collection-mover';
import { createCollection, deleteCollectionTree, updateCollectionFields } from '../../domain/collections';
import { authorizeCollection, authorizeDestination } from '../../policies/collection.policy';
import { authorizeInOrganization, levelOnContent, requireOrganizationRole } from '../../policies/content.policy';
import { presentCollection } from '../../presenters/collection.presenter';
import { presentSpace } from '../../presenters/space.presenter';
import { listCollections } from '../../store/collections.store';
import { listSpacesInCollection } from '../../store/spaces.store';
import { moveBody, transferBody } from '../content.schema';
import type { ContentHttpDeps } from '../deps';
import { createCollectionBody, listCollectionsQuery, updateCollectionBody } from './collections.schema';

type OrgParams = { organizationId: string };
type CollectionParams = { collectionId: string };

export function collectionsRoutes({ db, urls, clock, membership }: ContentHttpDeps): Router {
  const router = Router();

  // Any member lists, in tree order; `nested=false` lists only the top level.
  router.get('/v1/orgs/:organizationId/collections', async (req: Request<OrgParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const { nested } = parseInput(listCollectionsQuery, req.query, 'query');
    const role = await requireOrganizationRole(membership, req.params.organizationId, req.principal.userId);
    const { rows, total } = await listCollections(db, req.params.organizationId, nested, page);
    res.json(
      listEnvelope(
        rows.map((c) => presentCollection(c, levelOnContent(role, c), urls)),
        total,
        page,
      ),
    );
  });

  // New collections inherit (defaultLevel `inherit`) and go at the end of their parent.
  router.post('/v1/orgs/:organizationId/collections', async (req: Request<OrgParams>, res: Response) => {
    const body = parseInput(createCollectionBody, req.body ?? {});
    const { organizationId } = req.params;
    const userId = req.principal.userId;
    const role = await authorizeInOrganization(membership, organizationId, userId, 'create');
    const parentId = body.parent ?? null;
    if (parentId) await authorizeDestination(db, membership, organizationId, parentId, userId);
    const collection = await createCollection(db, { organizationId, parentId, title: body.title, defaultLevel: 'inherit' }, clock());
    res
      .status(201)
      .location(urls.api(`/collections/${collection.id}`))
      .json(presentCollection(collection, levelOnContent(role, collection), urls));
  });

  router.get('/v1/collections/:collectionId', async (req: Request<CollectionParams>, res: Response) => {
    const { collection, level } = await authorizeCollection(db, membership, req.params.collectionId, req.principal.userId, 'read');
    res.json(presentCollection(collection, level, urls));
  });

  router.patch('/v1/collections/:collectionId', async (req: Request<CollectionParams>, res: Response) => {
    const body = parseInput(updateCollectionBody, req.body ?? {});
    const { collection, level } = await authorizeCollection(db, membership, req.params.collectionId, req.principal.userId, 'update');
    const updated = await updateCollectionFields(
      db,
      collection,
      { title: body.title, description: body.description, default_level: body.defaultLevel },
      clock(),
    );
    res.json(presentCollection(updated, level, urls));
  });

  // Sub-collections go with it; its spaces are deleted like DELETE /spaces/{id} (restorable for
  // 7 days, at the top level). An unknown collection is a 404, like one the caller cannot see.
  router.delete('/v1/collections/:collectionId', async (req: Request<CollectionParams>, res: Response) => {
    const { collection } = await authorizeCollection(db, membership, req.params.collectionId, req.principal.userId, 'delete');
    await deleteCollectionTree(db, collection, clock());
    res.status(205).end();
  });

  router.get('/v1/collections/:collectionId/spaces', async (req: Request<CollectionParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const { collection, role } = await authorizeCollection(db, membership, req.params.collectionId, req.principal.userId, 'read');
    const { rows, total } = await listSpacesInCollection(db, collection.id, page);
    res.json(
      listEnvelope(
        rows.map((s) => presentSpace(s, levelOnContent(role, s), urls)),
        total,
        page,
      ),
    );
  });

  // `parent` omitted: stays under its parent, only `position` changes.
  router.post('/v1/collections/:collectionId/move', async (req: Request<CollectionParams>, res: Response) => {
    const body = parseInput(moveBody, req.body ?? {});
    const userId = req.principal.userId;
    const { collection, level } = await authorizeCollection(db, membership, req.params.collectionId, userId, 'move');
    const parentId = body.parent === undefined ? collection.parent_id : body.parent;
    if (parentId && parentId !== collection.parent_id) await authorizeDestination(db, membership, collection.organization_id, parentId, userId);
    const moved = await moveCollection(db, collection, { parentId, position: body.position }, clock());
    res.json(presentCollection(moved, level, urls));
  });

  // Admin of the collection here and admin of the target organization (a non-member of it: 404).
  router.post('/v1/collections/:collectionId/transfer', async (req: Request<CollectionParams>, res: Response) => {
    const body = parseInput(transferBody, req.body ?? {});
    const userId = req.principal.userId;
    const { collection } = await authorizeCollection(db, membership, req.params.collectionId, userId, 'transfer');
    const role = await authorizeInOrganization(membership, body.organization, userId, 'admin');
    const moved = await transferCollection(db, collection, body.organization, clock());
    res.json(presentCollection(moved, levelOnContent(role, moved), urls));
  });

  return router;
}
