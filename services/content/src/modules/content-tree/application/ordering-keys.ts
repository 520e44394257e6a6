import { badRequest } from '@quire/errors';
import { keyBetween, keyForAnchors, type SiblingKeys } from '@quire/ordering';
import type { SqlExecutor } from '@quire/platform/sql';
import { pointedItem, type ContentPointer, type ContentPosition } from '../domain/content-position';
import { lastSiblingKey, lockOrdering, siblingKeyAbove, siblingKeyBelow, visibleSiblingKey, type SiblingScope } from '../store/ordering.store';

// The ordering keys of collections and spaces, read inside the caller's transaction.

/**
 * Serializes ordering changes within an organization for the rest of the transaction, so two
 * concurrent moves never compute the same key.
 */
export function lockContentOrdering(tx: SqlExecutor, organizationId: string): Promise<void> {
  return lockOrdering(tx, organizationId);
}

/** The largest key of `scope`, or null when it is empty. Call under lockContentOrdering. */
export function lastKeyAmong(tx: SqlExecutor, scope: SiblingScope): Promise<string | null> {
  return lastSiblingKey(tx, scope);
}

/** The key at the end of `scope`, for new or transferred content. Call under lockContentOrdering. */
export async function keyAtEnd(tx: SqlExecutor, scope: SiblingScope): Promise<string> {
  return keyBetween(await lastSiblingKey(tx, scope), null);
}

/** The key between `key` and the next sibling key of `scope` (a copy right after its original). */
export async function keyRightAfter(tx: SqlExecutor, scope: SiblingScope, key: string): Promise<string> {
  return keyBetween(key, await siblingKeyAbove(tx, scope, key));
}

/**
 * The ordering key that puts an item at `position` among the siblings of `scope`, so only the
 * item's own row changes. A pointer must name a visible sibling in the destination (else 400
 * naming it). Call under lockContentOrdering, in the transaction that writes the key.
 */
export async function keyForPosition(tx: SqlExecutor, scope: SiblingScope, position: ContentPosition | undefined): Promise<string> {
  const before = position?.before ? await pointerKey(tx, scope, position.before, 'position.before') : null;
  const after = position?.after ? await pointerKey(tx, scope, position.after, 'position.after') : null;
  const siblings: SiblingKeys = {
    last: () => lastSiblingKey(tx, scope),
    below: (key) => siblingKeyBelow(tx, scope, key),
    above: (key) => siblingKeyAbove(tx, scope, key),
  };
  return keyForAnchors(siblings, { before, after });
}

async function pointerKey(tx: SqlExecutor, scope: SiblingScope, pointer: ContentPointer, field: string): Promise<string> {
  const { kind, id } = pointedItem(pointer);
  const key = id === scope.excludeId ? null : await visibleSiblingKey(tx, scope, kind, id);
  if (key === null) throw badRequest(`Invalid body field "${field}": ${kind} ${id} is not another item of the destination`);
  return key;
}
