import { isRole, type Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { ContentGrant, Principal, PrincipalKind, ResourceKind } from '../model/content-access';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// Only roles are written (the table's CHECK); a row that is not one grants nothing.
const roleOf = (role: string): Role | null => (isRole(role) ? role : null);

/**
 * The grants to any of `principals` (a person and their teams) in some organizations: one query
 * for a whole chain or list, whatever the number of organizations.
 */
export async function grantsToPrincipals(
  db: SqlExecutor,
  organizationIds: readonly string[],
  principals: readonly Principal[],
): Promise<{ organizationId: string; resourceId: string; role: Role }[]> {
  const users = principals.filter((p) => p.kind === 'user').map((p) => p.id);
  const teams = principals.filter((p) => p.kind === 'team').map((p) => p.id);
  if (organizationIds.length === 0 || (users.length === 0 && teams.length === 0)) return [];
  const rows = await table(db)
    .selectFrom('content_grants')
    .select(['organization_id', 'resource_id', 'role'])
    .where('organization_id', 'in', [...organizationIds])
    .where((eb) =>
      eb.or([
        ...(users.length ? [eb.and([eb('principal_kind', '=', 'user'), eb('principal_id', 'in', users)])] : []),
        ...(teams.length ? [eb.and([eb('principal_kind', '=', 'team'), eb('principal_id', 'in', teams)])] : []),
      ]),
    )
    .execute();
  return rows.flatMap((r) => {
    const role = roleOf(r.role);
    return role ? [{ organizationId: r.organization_id, resourceId: r.resource_id, role }] : [];
  });
}

/** Sets a principal's role on a resource (one row per resource and principal). */
export async function putGrant(db: SqlExecutor, grant: ContentGrant, now: Date): Promise<void> {
  await table(db)
    .insertInto('content_grants')
    .values({
      resource_kind: grant.resource.kind,
      resource_id: grant.resource.id,
      principal_kind: grant.principal.kind,
      principal_id: grant.principal.id,
      organization_id: grant.organizationId,
      role: grant.role,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['resource_kind', 'resource_id', 'principal_kind', 'principal_id']).doUpdateSet({ role: grant.role, updated_at: now }))
    .execute();
}

/** Removes a principal's grant on a resource; false when there was none. */
export async function deleteGrant(db: SqlExecutor, resource: { kind: ResourceKind; id: string }, principal: Principal): Promise<boolean> {
  const result = await table(db)
    .deleteFrom('content_grants')
    .where('resource_kind', '=', resource.kind)
    .where('resource_id', '=', resource.id)
    .where('principal_kind', '=', principal.kind)
    .where('principal_id', '=', principal.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The grants of one kind of principal on a resource, oldest first. */
export async function listGrantsOn(
  db: SqlExecutor,
  resource: { kind: ResourceKind; id: string },
  principalKind: PrincipalKind,
  page: PageRequest,
): Promise<Paged<{ principalId: string; role: Role }>> {
  const query = table(db)
    .selectFrom('content_grants')
    .select(['principal_id', 'role'])
    .where('resource_kind', '=', resource.kind)
    .where('resource_id', '=', resource.id)
    .where('principal_kind', '=', principalKind)
    .orderBy('created_at')
    .orderBy('principal_id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map((r) => ({ principalId: r.principal_id, role: roleOf(r.role) ?? 'read' })), total };
}

/** Every grant on any of `resourceIds` (a resource and the collections above it), for the aggregate listings. */
export async function grantsOnResources(db: SqlExecutor, resourceIds: readonly string[]): Promise<StoredGrant[]> {
  if (resourceIds.length === 0) return [];
  const rows = await table(db)
    .selectFrom('content_grants')
    .select(['resource_kind', 'resource_id', 'principal_kind', 'principal_id', 'role'])
    .where('resource_id', 'in', [...resourceIds])
    .orderBy('created_at')
    .orderBy('principal_id')
    .execute();
  return rows.flatMap((r) => {
    const role = roleOf(r.role);
    const kind: PrincipalKind = r.principal_kind === 'team' ? 'team' : 'user';
    const resource = { kind: r.resource_kind === 'collection' ? ('collection' as const) : ('space' as const), id: r.resource_id };
    return role ? [{ resource, resourceId: r.resource_id, principal: { kind, id: r.principal_id }, role }] : [];
  });
}

/** A grant as grantsOnResources reads it. */
export interface StoredGrant {
  resource: { kind: ResourceKind; id: string };
  resourceId: string;
  principal: Principal;
  role: Role;
}

/** Removes every grant on resources that no longer exist (a deleted collection's subtree, a purged space). */
export async function deleteGrantsOn(db: SqlExecutor, resourceIds: readonly string[]): Promise<void> {
  if (resourceIds.length === 0) return;
  await table(db)
    .deleteFrom('content_grants')
    .where('resource_id', 'in', [...resourceIds])
    .execute();
}
