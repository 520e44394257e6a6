import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

/**
 * Where an item is placed: among the collections and spaces of one parent (null: the top level)
 * of one organization, which share one sequence of ordering keys (a space may be put before a
 * collection). `excludeId` is the item being placed, left out of its own neighbours.
 */
export interface SiblingScope {
  organizationId: string;
  parentId: string | null;
  excludeId: string | null;
}

const table = (db: SqlExecutor) => typedSql<Database>(db);

// Deleted spaces keep their key, so a restored space comes back where it was and no new key
// ever equals one of theirs.
function siblingsOf(db: SqlExecutor, scope: SiblingScope) {
  const collections = table(db)
    .selectFrom('collections')
    .select(['id', sql<string>`'collection'`.as('kind'), 'position', sql<boolean>`false`.as('deleted')])
    .where('organization_id', '=', scope.organizationId)
    .where((eb) => (scope.parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', scope.parentId)))
    .$if(scope.excludeId !== null, (q) => q.where('id', '<>', scope.excludeId as string));
  const spaces = table(db)
    .selectFrom('spaces')
    .select(['id', sql<string>`'space'`.as('kind'), 'position', sql<boolean>`deleted_at IS NOT NULL`.as('deleted')])
    .where('organization_id', '=', scope.organizationId)
    .where((eb) => (scope.parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', scope.parentId)))
    .$if(scope.excludeId !== null, (q) => q.where('id', '<>', scope.excludeId as string));
  return table(db).selectFrom(collections.unionAll(spaces).as('sibling'));
}

/**
 * Serializes ordering changes within an organization for the rest of the transaction, so two
 * concurrent moves never compute the same key. (Two-key form: its own space of advisory locks.)
 */
export async function lockOrdering(db: SqlExecutor, organizationId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7240114, hashtext(${organizationId}))`.execute(table(db));
}

const maxKey = sql<string | null>`max(position COLLATE "C")`.as('key');
const minKey = sql<string | null>`min(position COLLATE "C")`.as('key');
const byteOrder = sql<string>`position COLLATE "C"`;

/** The largest key among the siblings, or null when there are none. */
export async function lastSiblingKey(db: SqlExecutor, scope: SiblingScope): Promise<string | null> {
  const row = await siblingsOf(db, scope).select(maxKey).executeTakeFirst();
  return row?.key ?? null;
}

/** The closest sibling key below `key`, or null. */
export async function siblingKeyBelow(db: SqlExecutor, scope: SiblingScope, key: string): Promise<string | null> {
  const row = await siblingsOf(db, scope).select(maxKey).where(byteOrder, '<', key).executeTakeFirst();
  return row?.key ?? null;
}

/** The closest sibling key above `key`, or null. */
export async function siblingKeyAbove(db: SqlExecutor, scope: SiblingScope, key: string): Promise<string | null> {
  const row = await siblingsOf(db, scope).select(minKey).where(byteOrder, '>', key).executeTakeFirst();
  return row?.key ?? null;
}

/** The key of a visible sibling (a collection, or a space that is not deleted), or null. */
export async function visibleSiblingKey(db: SqlExecutor, scope: SiblingScope, kind: 'space' | 'collection', id: string): Promise<string | null> {
  const row = await siblingsOf(db, scope).select('position').where('kind', '=', kind).where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
  return row?.position ?? null;
}
