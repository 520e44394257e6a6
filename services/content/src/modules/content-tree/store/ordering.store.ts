import { queryOne, type SqlExecutor } from '@quire/platform/sql';

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

// Deleted spaces keep their key, so a restored space comes back where it was and no new key
// ever equals one of theirs.
const SIBLINGS = `(
  SELECT id, 'collection' AS kind, position, false AS deleted FROM collections
  WHERE organization_id = $1 AND (parent_id = $2 OR ($2::text IS NULL AND parent_id IS NULL)) AND id IS DISTINCT FROM $3
  UNION ALL
  SELECT id, 'space' AS kind, position, deleted_at IS NOT NULL AS deleted FROM spaces
  WHERE organization_id = $1 AND (parent_id = $2 OR ($2::text IS NULL AND parent_id IS NULL)) AND id IS DISTINCT FROM $3
) sibling`;

const scopeParams = (scope: SiblingScope) => [scope.organizationId, scope.parentId, scope.excludeId];

/**
 * Serializes ordering changes within an organization for the rest of the transaction, so two
 * concurrent moves never compute the same key. (Two-key form: its own space of advisory locks.)
 */
export async function lockOrdering(tx: SqlExecutor, organizationId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7240114, hashtext($1))', [organizationId]);
}

/** The largest key among the siblings, or null when there are none. */
export async function lastSiblingKey(tx: SqlExecutor, scope: SiblingScope): Promise<string | null> {
  const row = await queryOne<{ key: string | null }>(tx, `SELECT max(position COLLATE "C") AS key FROM ${SIBLINGS}`, scopeParams(scope));
  return row?.key ?? null;
}

/** The closest sibling key below `key`, or null. */
export async function siblingKeyBelow(tx: SqlExecutor, scope: SiblingScope, key: string): Promise<string | null> {
  const row = await queryOne<{ key: string | null }>(tx, `SELECT max(position COLLATE "C") AS key FROM ${SIBLINGS} WHERE position COLLATE "C" < $4`, [
    ...scopeParams(scope),
    key,
  ]);
  return row?.key ?? null;
}

/** The closest sibling key above `key`, or null. */
export async function siblingKeyAbove(tx: SqlExecutor, scope: SiblingScope, key: string): Promise<string | null> {
  const row = await queryOne<{ key: string | null }>(tx, `SELECT min(position COLLATE "C") AS key FROM ${SIBLINGS} WHERE position COLLATE "C" > $4`, [
    ...scopeParams(scope),
    key,
  ]);
  return row?.key ?? null;
}

/** The key of a visible sibling (a collection, or a space that is not deleted), or null. */
export async function visibleSiblingKey(tx: SqlExecutor, scope: SiblingScope, kind: 'space' | 'collection', id: string): Promise<string | null> {
  const row = await queryOne<{ key: string }>(tx, `SELECT position AS key FROM ${SIBLINGS} WHERE kind = $4 AND id = $5 AND NOT deleted`, [
    ...scopeParams(scope),
    kind,
    id,
  ]);
  return row?.key ?? null;
}
