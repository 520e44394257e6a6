import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { CollectionsTable, Database } from '../../../database';
import type { Collection, CollectionChanges } from '../model/collection';
import type { VisibleFilter } from '../../content-tree';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function collectionOf(row: Selectable<CollectionsTable>): Collection {
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

export async function findCollection(db: SqlExecutor, id: string): Promise<Collection | null> {
  const row = await table(db).selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? collectionOf(row) : null;
}

/**
 * `tree(id, sort_path)`: every collection of the organization with the ordering keys from the top
 * level down to it joined by a space (which sorts below every key character), so sorting by
 * `sort_path` lists a collection right before its contents.
 */
const organizationTree = (db: SqlExecutor, organizationId: string) =>
  table(db).withRecursive('tree(id, sort_path)', (db) =>
    db
      .selectFrom('collections')
      .select(['id', sql<string>`position COLLATE "C"`.as('sort_path')])
      .where('organization_id', '=', organizationId)
      .where('parent_id', 'is', null)
      .unionAll((db) =>
        db
          .selectFrom('collections as c')
          .innerJoin('tree as t', 't.id', 'c.parent_id')
          .select(['c.id', sql<string>`(t.sort_path || ' ' || c.position) COLLATE "C"`.as('sort_path')]),
      ),
  );

/** An organization's collections in tree order; only the top level when `nested` is false; only the `visible` ones. */
export async function listCollectionRows(
  db: SqlExecutor,
  organizationId: string,
  nested: boolean,
  page: PageRequest,
  visible: VisibleFilter = { all: true },
): Promise<Paged<Collection>> {
  if ('only' in visible && visible.only.length === 0) return { rows: [], total: 0 };
  const only = 'only' in visible ? visible.only : null;
  const except = 'except' in visible ? visible.except : null;
  const { rows, total } = nested
    ? await pagedSelect(
        organizationTree(db, organizationId)
          .selectFrom('collections as c')
          .innerJoin('tree as t', 't.id', 'c.id')
          .selectAll('c')
          .$if(only !== null, (qb) => qb.where('c.id', 'in', only ?? []))
          .$if(except !== null, (qb) => qb.where('c.id', 'not in', except ?? []))
          .orderBy(sql`t.sort_path COLLATE "C"`)
          .orderBy('c.id'),
        page,
      )
    : await pagedSelect(
        table(db)
          .selectFrom('collections')
          .selectAll()
          .where('organization_id', '=', organizationId)
          .where('parent_id', 'is', null)
          .$if(only !== null, (qb) => qb.where('id', 'in', only ?? []))
          .$if(except !== null, (qb) => qb.where('id', 'not in', except ?? []))
          .orderBy(sql`position COLLATE "C"`)
          .orderBy('id'),
        page,
      );
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

export async function insertCollectionRow(db: SqlExecutor, c: NewCollection, now: Date): Promise<Collection> {
  const row = await table(db)
    .insertInto('collections')
    .values({
      id: c.id,
      organization_id: c.organizationId,
      parent_id: c.parentId,
      title: c.title,
      default_level: c.defaultLevel,
      position: c.position,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return collectionOf(row);
}

export type { CollectionChanges } from '../model/collection';

/** The column values of the changes that are present (undefined leaves a column as it is). */
const columnsOf = (changes: CollectionChanges) => ({ title: changes.title, description: changes.description, default_level: changes.defaultLevel });

export async function updateCollectionRow(db: SqlExecutor, id: string, changes: CollectionChanges, now: Date): Promise<Collection | null> {
  const row = await table(db)
    .updateTable('collections')
    .set({ ...columnsOf(changes), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? collectionOf(row) : null;
}

/** The collection and every collection below it. */
export async function collectionSubtreeIds(db: SqlExecutor, id: string): Promise<string[]> {
  const rows = await table(db)
    .withRecursive('sub(id)', (db) =>
      db
        .selectFrom('collections')
        .select('id')
        .where('id', '=', id)
        .unionAll((db) => db.selectFrom('collections as c').innerJoin('sub', 'c.parent_id', 'sub.id').select('c.id')),
    )
    .selectFrom('sub')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes a collection; its sub-collections go with it (FK cascade). */
export async function deleteCollectionRow(db: SqlExecutor, id: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('collections').where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** Where a collection sits: organization, parent collection and ordering key. */
export interface CollectionPlacement {
  organizationId: string;
  parentId: string | null;
  position: string;
}

export async function placeCollection(db: SqlExecutor, id: string, placement: CollectionPlacement, now: Date): Promise<Collection | null> {
  const row = await table(db)
    .updateTable('collections')
    .set({ organization_id: placement.organizationId, parent_id: placement.parentId, position: placement.position, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? collectionOf(row) : null;
}

/** Moves collections to another organization (the sub-collections of a transferred one). */
export async function setOrganizationOfCollections(db: SqlExecutor, ids: string[], organizationId: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await table(db).updateTable('collections').set({ organization_id: organizationId, updated_at: now }).where('id', 'in', ids).execute();
}
