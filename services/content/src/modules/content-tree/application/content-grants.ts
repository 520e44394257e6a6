import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { PageRequest } from '@quire/input';
import { enqueueEvent } from '@quire/platform/outbox';
import type { Paged, SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import type { ContentNode, Principal, PrincipalKind, ResourceKind } from '../model/content-access';
import { collectionNodesIn } from '../store/collection-tree.store';
import { deleteGrant, deleteGrantsOn, grantsOnResources, listGrantsOn, putGrant } from '../store/content-grants.store';

// The grant commands and reads the permission routes use (content-permissions); the store stays
// here, below the rule that reads it (policies/content.policy.ts).

export interface GrantChange {
  resource: { kind: ResourceKind; id: string };
  principal: Principal;
  /** null: the grant is removed. */
  role: Role | null;
}

/**
 * Sets or removes grants on one organization's content in one transaction, each change announced
 * by a `permission.updated` event (keyed by the resource) that identity follows to keep guests.
 * Returns whether each change changed a row (a removal of no grant changes nothing and says nothing).
 */
export function changeGrants(db: SqlDatabase, organizationId: string, changes: readonly GrantChange[], now: Date): Promise<boolean[]> {
  return db.transaction(async (tx) => {
    const changed: boolean[] = [];
    for (const change of changes) {
      const did = change.role
        ? (await putGrant(tx, { resource: change.resource, principal: change.principal, organizationId, role: change.role }, now), true)
        : await deleteGrant(tx, change.resource, change.principal);
      changed.push(did);
      if (!did) continue;
      const data = { organizationId, resource: change.resource, principal: change.principal, role: change.role };
      await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, change.resource.id, ContentEvent.permissionUpdated, data), now);
    }
    return changed;
  });
}

/** The grants of one kind of principal on a resource, oldest first. */
export function listGrants(
  db: SqlExecutor,
  resource: { kind: ResourceKind; id: string },
  principalKind: PrincipalKind,
  page: PageRequest,
): Promise<Paged<{ principalId: string; role: Role }>> {
  return listGrantsOn(db, resource, principalKind, page);
}

/** Every grant on some resources (a resource and the collections above it), to anyone. */
export function grantsOn(db: SqlExecutor, resourceIds: readonly string[]): Promise<{ resourceId: string; principal: Principal; role: Role }[]> {
  return grantsOnResources(db, resourceIds);
}

/** An organization's collections by id, as the rule reads them (the chains above its content). */
export async function collectionTree(db: SqlExecutor, organizationId: string): Promise<Map<string, ContentNode>> {
  return new Map((await collectionNodesIn(db, [organizationId])).map((c) => [c.id, c]));
}

/**
 * Inside a command's transaction: removes every grant on content that leaves `organizationId`
 * (transferred to another organization) or is gone for good (a deleted collection, a purged
 * space), each removal announced as a grant change does, so identity drops guests left with nothing.
 */
export async function dropGrantsOn(tx: SqlExecutor, organizationId: string, resourceIds: readonly string[], now: Date): Promise<void> {
  const grants = await grantsOnResources(tx, resourceIds);
  if (grants.length === 0) return;
  await deleteGrantsOn(tx, resourceIds);
  for (const grant of grants) {
    const data = { organizationId, resource: grant.resource, principal: grant.principal, role: null };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, grant.resource.id, ContentEvent.permissionUpdated, data), now);
  }
}
