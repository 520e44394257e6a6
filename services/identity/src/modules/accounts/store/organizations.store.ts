import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, OrganizationsTable } from '../../../database';
import type { Organization, OrganizationWithRole } from '../model/organization';

export type { Organization, OrganizationWithRole };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function organizationOf(row: Selectable<OrganizationsTable>): Organization {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    useCase: row.use_case,
    communityType: row.community_type,
    emailDomains: row.email_domains,
    hostname: row.hostname,
    defaultRole: row.default_role,
    // Written only by updateOrganizationRow, from a body of this shape.
    defaultContent: row.default_content as Organization['defaultContent'],
    logoUrl: row.logo_url,
    sso: row.sso,
    ai: row.ai,
    inviteLinks: row.invite_links,
    mergeRules: row.merge_rules,
    plan: row.plan,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// An organization with the caller's role in it (the caller's active membership, left-joined; a
// guest's row has no role and counts as none: the organization is not theirs).
const withRoleQuery = (db: SqlExecutor, userId: string) =>
  table(db)
    .selectFrom('organizations as o')
    .leftJoin('members as m', (join) =>
      join
        .onRef('m.organization_id', '=', 'o.id')
        .on('m.user_id', '=', userId)
        .on((eb) => eb.not(eb.ref('m.disabled')))
        .on('m.role', 'is not', null),
    )
    .selectAll('o')
    .select('m.role as caller_role');

// Whether the caller owns a team of the organization (Organization.permissions.ownTeam).
const OWNS_TEAM = sql<boolean>`EXISTS (SELECT 1 FROM team_members tm WHERE tm.organization_id = o.id AND tm.user_id = m.user_id AND tm.role = 'owner')`.as(
  'caller_owns_team',
);

function organizationWithRoleOf({
  caller_role,
  caller_owns_team,
  ...row
}: Selectable<OrganizationsTable> & { caller_role: string | null; caller_owns_team?: boolean }): OrganizationWithRole {
  return { ...organizationOf(row), callerRole: caller_role, callerOwnsTeam: caller_owns_team === true };
}

export async function insertOrganization(db: SqlExecutor, org: { id: string; title: string; emailDomains?: string[] }): Promise<Organization> {
  const row = await table(db)
    .insertInto('organizations')
    .values({ id: org.id, title: org.title, email_domains: org.emailDomains ?? [] })
    .returningAll()
    .executeTakeFirstOrThrow();
  return organizationOf(row);
}

export async function findOrganizationForUser(db: SqlExecutor, orgId: string, userId: string): Promise<OrganizationWithRole | null> {
  const row = await withRoleQuery(db, userId).select(OWNS_TEAM).where('o.id', '=', orgId).executeTakeFirst();
  return row ? organizationWithRoleOf(row) : null;
}

/** Organizations by id with the caller's role in each (one query however many). */
export async function findOrganizationsForUser(db: SqlExecutor, orgIds: readonly string[], userId: string): Promise<OrganizationWithRole[]> {
  if (!orgIds.length) return [];
  const rows = await withRoleQuery(db, userId)
    .select(OWNS_TEAM)
    .where('o.id', '=', sql<string>`ANY(${[...orgIds]})`)
    .execute();
  return rows.map(organizationWithRoleOf);
}

export async function listOrganizationsOfUser(db: SqlExecutor, userId: string, page: PageRequest): Promise<Paged<OrganizationWithRole>> {
  const query = table(db)
    .selectFrom('organizations as o')
    .innerJoin('members as m', 'm.organization_id', 'o.id')
    .selectAll('o')
    .select('m.role as caller_role')
    .select(OWNS_TEAM)
    .where('m.user_id', '=', userId)
    .where((eb) => eb.not(eb.ref('m.disabled')))
    .where('m.role', 'is not', null)
    .orderBy('o.created_at')
    .orderBy('o.id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(organizationWithRoleOf), total };
}

/** The columns PATCH may change, by API field. */
export interface OrganizationChanges {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: string | null;
  defaultContent?: { type: 'site'; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  mergeRules?: unknown;
}

/** The column values of the changes that are present (undefined leaves a column as it is); JSON columns take JSON text. */
const columnsOf = (changes: OrganizationChanges) => ({
  title: changes.title,
  email_domains: changes.emailDomains,
  hostname: changes.hostname,
  default_role: changes.defaultRole,
  default_content: changes.defaultContent === undefined || changes.defaultContent === null ? changes.defaultContent : JSON.stringify(changes.defaultContent),
  logo_url: changes.logo,
  sso: changes.sso,
  ai: changes.ai,
  invite_links: changes.inviteLinks,
  merge_rules: changes.mergeRules === undefined ? undefined : JSON.stringify(changes.mergeRules),
});

export async function updateOrganizationRow(db: SqlExecutor, orgId: string, changes: OrganizationChanges, now: Date): Promise<Organization | null> {
  const row = await table(db)
    .updateTable('organizations')
    .set({ ...columnsOf(changes), updated_at: now })
    .where('id', '=', orgId)
    .returningAll()
    .executeTakeFirst();
  return row ? organizationOf(row) : null;
}

export async function isHostnameTaken(db: SqlExecutor, hostname: string, exceptOrgId: string): Promise<boolean> {
  const row = await table(db).selectFrom('organizations').select('id').where('hostname', '=', hostname).where('id', '<>', exceptOrgId).executeTakeFirst();
  return row !== undefined;
}

export async function organizationExists(db: SqlExecutor, orgId: string): Promise<boolean> {
  const row = await table(db).selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst();
  return row !== undefined;
}

/** At most this many organizations answer one e-mail domain (the reference response has no pagination). */
export const MAX_ORGANIZATIONS_PER_EMAIL_DOMAIN = 1000;

/**
 * Organizations that list `domain` in their `emailDomains`, with `userId`'s role in each (null when
 * not a member); with `membersOnly`, only those `userId` is an active member of.
 */
export async function listOrganizationsWithEmailDomain(
  db: SqlExecutor,
  domain: string,
  userId: string,
  { membersOnly }: { membersOnly: boolean },
): Promise<OrganizationWithRole[]> {
  // No caller_owns_team here: these answers have always shown permissions.ownTeam false.
  let query = withRoleQuery(db, userId).where('o.email_domains', '@>', sql<string[]>`ARRAY[${domain.toLowerCase()}]::text[]`);
  if (membersOnly) query = query.where('m.user_id', 'is not', null);
  const rows = await query.orderBy('o.created_at').orderBy('o.id').limit(MAX_ORGANIZATIONS_PER_EMAIL_DOMAIN).execute();
  return rows.map(organizationWithRoleOf);
}
