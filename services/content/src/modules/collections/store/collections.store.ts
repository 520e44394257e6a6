import type { PageRequest } from '@quire/input';
import { COLLECTION_TREE_CTE } from '../../content-tree';
import { assignmentsFor, insertedRow, type Paged, pagedRows, queryOne, queryRows, type SqlExecutor } from '@quire/platform/sql';
import type { Collection } from '../model/collection';

interface CollectionRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: string;
  position: string;
  created_at: Date;
  updated_at: Date;
}

function collectionOf(row: CollectionRow): Collection {
  return {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id,
    title: row.title,
    description: row.description,
    defaultLevel: row.default_level,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findCollectionById(db: SqlExecutor, id: string): Promise<Collection | null> {
  const row = await queryOne<CollectionRow>(db, 'SELECT * FROM collections WHERE id = $1', [id]);
  return row && collectionOf(row);
}

/** An organization's collections in tree order; only the top level when `nested` is false. */
export async function listCollections(db: SqlExecutor, organizationId: string, nested: boolean, page: PageRequest): Promise<Paged<Collection>> {
  const query = nested
    ? {
        with: `WITH RECURSIVE ${COLLECTION_TREE_CTE}`,
        select: 'c.*',
        from: 'FROM collections c JOIN tree t ON t.id = c.id',
        orderBy: 't.sort_path COLLATE "C", c.id',
      }
    : { select: '*', from: 'FROM collections WHERE organization_id = $1 AND parent_id IS NULL', orderBy: 'position COLLATE "C", id' };
  const { rows, total } = await pagedRows<CollectionRow>(db, { ...query, params: [organizationId] }, page);
  return { rows: rows.map(collectionOf), total };
}

export interface NewCollection {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  defaultLevel: string;
  position: string;
}

export async function insertCollection(tx: SqlExecutor, c: NewCollection, now: Date): Promise<Collection> {
  const row = await insertedRow<CollectionRow>(
    tx,
    `INSERT INTO collections (id, organization_id, parent_id, title, default_level, position, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
    [c.id, c.organizationId, c.parentId, c.title, c.defaultLevel, c.position, now],
  );
  return collectionOf(row);
}

/** Fields a PATCH may change; the store maps them to the columns of `collections`. */
export interface CollectionChanges {
  title?: string;
  description?: string;
  defaultLevel?: string;
}

const CHANGEABLE: Record<keyof CollectionChanges, string> = { title: 'title', description: 'description', defaultLevel: 'default_level' };

export async function updateCollection(tx: SqlExecutor, id: string, changes: CollectionChanges, now: Date): Promise<Collection | null> {
  const params: unknown[] = [id, now];
  const sets = assignmentsFor(changes, CHANGEABLE, params);
  const row = await queryOne<CollectionRow>(tx, `UPDATE collections SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`, params);
  return row && collectionOf(row);
}

/** The collection and every collection below it. */
export async function collectionSubtreeIds(db: SqlExecutor, id: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    `WITH RECURSIVE sub AS (
       SELECT id FROM collections WHERE id = $1
       UNION ALL
       SELECT c.id FROM collections c JOIN sub ON c.parent_id = sub.id
     ) SELECT id FROM sub`,
    [id],
  );
  return rows.map((r) => r.id);
}

/** Deletes a collection; its sub-collections go with it (FK cascade). */
export async function deleteCollection(tx: SqlExecutor, id: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM collections WHERE id = $1', [id]);
  return rowCount > 0;
}

/** Where a collection sits: organization, parent collection and ordering key. */
export interface CollectionPlacement {
  organizationId: string;
  parentId: string | null;
  position: string;
}

export async function placeCollection(tx: SqlExecutor, id: string, placement: CollectionPlacement, now: Date): Promise<Collection | null> {
  const row = await queryOne<CollectionRow>(
    tx,
    'UPDATE collections SET organization_id = $2, parent_id = $3, position = $4, updated_at = $5 WHERE id = $1 RETURNING *',
    [id, placement.organizationId, placement.parentId, placement.position, now],
  );
  return row && collectionOf(row);
}

/** Moves collections to another organization (the sub-collections of a transferred one). */
export async function setOrganizationOfCollections(tx: SqlExecutor, ids: string[], organizationId: string, now: Date): Promise<void> {
  await tx.query('UPDATE collections SET organization_id = $2, updated_at = $3 WHERE id = ANY($1::text[])', [ids, organizationId, now]);
}
