import { isRole, type Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SitePermissionsTable } from '../../../database';
import type { PersonPrincipals, PrincipalKind, SiteGrant, SitePrincipal } from '../model/site-permission';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function grantOf(row: Selectable<SitePermissionsTable>): SiteGrant {
  // The column's CHECK holds it to a role and a kind.
  const role: Role = isRole(row.role) ? row.role : 'read';
  return {
    siteId: row.site_id,
    organizationId: row.organization_id,
    principal: { kind: row.principal_kind === 'team' ? 'team' : 'user', id: row.principal_id },
    role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Sets the principal's role on the site; answers the role it had before (null: it had none). */
export async function upsertSiteGrant(
  db: SqlExecutor,
  grant: { siteId: string; organizationId: string; principal: SitePrincipal; role: Role },
  now: Date,
): Promise<Role | null> {
  const before = await findSiteGrant(db, grant.siteId, grant.principal);
  await table(db)
    .insertInto('site_permissions')
    .values({
      site_id: grant.siteId,
      organization_id: grant.organizationId,
      principal_kind: grant.principal.kind,
      principal_id: grant.principal.id,
      role: grant.role,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['site_id', 'principal_kind', 'principal_id']).doUpdateSet({ role: grant.role, updated_at: now }))
    .execute();
  return before?.role ?? null;
}

export async function findSiteGrant(db: SqlExecutor, siteId: string, principal: SitePrincipal): Promise<SiteGrant | null> {
  const row = await table(db)
    .selectFrom('site_permissions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('principal_kind', '=', principal.kind)
    .where('principal_id', '=', principal.id)
    .executeTakeFirst();
  return row ? grantOf(row) : null;
}

/** Removes the principal's grant; false when there was none. */
export async function deleteSiteGrant(db: SqlExecutor, siteId: string, principal: SitePrincipal): Promise<boolean> {
  const { numDeletedRows } = await table(db)
    .deleteFrom('site_permissions')
    .where('site_id', '=', siteId)
    .where('principal_kind', '=', principal.kind)
    .where('principal_id', '=', principal.id)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

/** A page of the site's grants to one kind of principal, oldest first. */
export async function listSiteGrantRows(db: SqlExecutor, siteId: string, kind: PrincipalKind, page: PageRequest): Promise<Paged<SiteGrant>> {
  const query = table(db).selectFrom('site_permissions').selectAll().where('site_id', '=', siteId).where('principal_kind', '=', kind);
  const { rows, total } = await pagedSelect(query.orderBy('created_at').orderBy('principal_id'), page);
  return { rows: rows.map(grantOf), total };
}

/** Every grant on the site (the aggregate listing reads them all: one row per principal). */
export async function listAllSiteGrants(db: SqlExecutor, siteId: string): Promise<SiteGrant[]> {
  const rows = await table(db).selectFrom('site_permissions').selectAll().where('site_id', '=', siteId).orderBy('created_at').orderBy('principal_id').execute();
  return rows.map(grantOf);
}

/** The grants on the given sites to a person and to their teams. */
export async function grantsToPerson(db: SqlExecutor, siteIds: readonly string[], person: PersonPrincipals): Promise<SiteGrant[]> {
  if (siteIds.length === 0) return [];
  const rows = await table(db)
    .selectFrom('site_permissions')
    .selectAll()
    .where('site_id', 'in', [...siteIds])
    .where(principalsMatch(person))
    .execute();
  return rows.map(grantOf);
}

/** True when the person or one of their teams holds a grant on a site of the organization. */
export async function hasGrantInOrganization(db: SqlExecutor, organizationId: string, person: PersonPrincipals): Promise<boolean> {
  const row = await table(db)
    .selectFrom('site_permissions')
    .select('site_id')
    .where('organization_id', '=', organizationId)
    .where(principalsMatch(person))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A grant row (of `site_permissions`, unaliased) is to the user or to one of their teams. */
function principalsMatch(person: PersonPrincipals) {
  return sql<boolean>`((principal_kind = 'user' AND principal_id = ${person.userId}) OR (principal_kind = 'team' AND principal_id = ANY(${[...person.teamIds]}::text[])))`;
}
