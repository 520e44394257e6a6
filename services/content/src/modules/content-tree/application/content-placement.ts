import { conflict, notFound } from '@quire/errors';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import type { ContentPosition } from '../domain/content-position';
import { keyAtEnd, keyForPosition, lockContentOrdering } from './ordering-keys';

// What moving and transferring a collection or a space have in common: one transaction, the
// ordering locks, the key the item gets among its new siblings, and the 404 when its row is gone.
// What each kind refuses, writes and announces is its command's (move-space.ts, transfer-collection.ts…).

/** A collection or a space where it is now. */
export interface PlacedContent {
  id: string;
  organizationId: string;
  parentId: string | null;
}

export interface MoveTarget {
  /** The new parent collection; null: the top level. */
  parentId: string | null;
  position?: ContentPosition;
}

/**
 * A mover's own steps, in this order, inside the transaction and under the ordering locks:
 * `check` refuses what needs the lock to be decided, `place` writes the item's row with its new
 * ordering key (null: the row is gone, a 404 naming `what`), `after` writes what goes along and
 * announces the change in the same transaction.
 */
export interface PlacementSteps<R> {
  what: string;
  check?: (tx: SqlExecutor) => Promise<void>;
  place: (tx: SqlExecutor, position: string) => Promise<R | null>;
  after: (tx: SqlExecutor, placed: R) => Promise<void>;
}

/** Moves `item` within its organization, to `target.position` among its new siblings: only its own row changes. */
export function moveWithinOrganization<R>(db: SqlDatabase, item: PlacedContent, target: MoveTarget, steps: PlacementSteps<R>): Promise<R> {
  const organizationId = item.organizationId;
  return db.transaction(async (tx) => {
    await lockContentOrdering(tx, organizationId);
    await steps.check?.(tx);
    const position = await keyForPosition(tx, { organizationId, parentId: target.parentId, excludeId: item.id }, target.position);
    return placed(tx, position, steps);
  });
}

/** Transfers `item` to another organization, at the end of its top level; 409 when it belongs there already. */
export async function transferToOrganization<R>(db: SqlDatabase, item: PlacedContent, organizationId: string, steps: PlacementSteps<R>): Promise<R> {
  if (organizationId === item.organizationId) throw conflict(`${steps.what} already belongs to organization ${organizationId}`);
  return db.transaction(async (tx) => {
    // Both organizations' orderings change; lock them in one global order so two opposite
    // transfers cannot deadlock.
    for (const org of [item.organizationId, organizationId].sort()) await lockContentOrdering(tx, org);
    await steps.check?.(tx);
    const position = await keyAtEnd(tx, { organizationId, parentId: null, excludeId: item.id });
    return placed(tx, position, steps);
  });
}

async function placed<R>(tx: SqlExecutor, position: string, steps: PlacementSteps<R>): Promise<R> {
  const row = await steps.place(tx, position);
  if (!row) throw notFound(`${steps.what} not found`);
  await steps.after(tx, row);
  return row;
}
