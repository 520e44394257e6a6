import { badRequest } from '@quire/errors';
import { keyBetween, keyForAnchors, type SiblingKeys } from '@quire/ordering';
import type { SqlExecutor } from '@quire/platform/sql';
import { lastSiblingKey, siblingKeyAbove, siblingKeyBelow, visibleSiblingKey, type SiblingScope } from '../store/ordering.store';

/** Reference ContentPointer: a space or a collection among the siblings. */
export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** Reference ContentPosition; omitted (or empty) means at the end. */
export interface ContentPosition {
  before?: ContentPointer;
  after?: ContentPointer;
}

/** The key at the end of `scope`, for new or transferred content. Call under lockOrdering. */
export async function keyAtEnd(tx: SqlExecutor, scope: SiblingScope): Promise<string> {
  return keyBetween(await lastSiblingKey(tx, scope), null);
}

/**
 * The ordering key that puts an item at `position` among the siblings of `scope`, so only the
 * item's own row changes. A pointer must name a visible sibling in the destination (else 400
 * naming it). Call under lockOrdering, in the transaction that writes the key.
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
  const [kind, id] = pointer.type === 'space' ? (['space', pointer.space] as const) : (['collection', pointer.collection] as const);
  const key = id === scope.excludeId ? null : await visibleSiblingKey(tx, scope, kind, id);
  if (key === null) throw badRequest(`Invalid body field "${field}": ${kind} ${id} is not another item of the destination`);
  return key;
}
