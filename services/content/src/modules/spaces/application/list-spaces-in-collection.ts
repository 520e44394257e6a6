import type { PageRequest } from '@quire/input';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { listSpaceRowsInCollection } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';
import type { VisibleFilter } from '../../content-tree';

/** The spaces directly in a collection that are not deleted, in order (the collection's reader is authorized by its caller). */
export function listSpacesInCollection(db: SqlExecutor, collectionId: string, page: PageRequest, visible: VisibleFilter): Promise<Paged<SpaceWithCounts>> {
  return listSpaceRowsInCollection(db, collectionId, page, visible);
}
