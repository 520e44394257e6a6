import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Organization, OrganizationWithRole } from '../model/organization';

export type { Organization, OrganizationWithRole };

interface OrganizationRow {
  id: string;
  title: string;
  type: string;
  use_case: string | null;
  community_type: string | null;
  email_domains: string[];
  hostname: string | null;
  default_role: string | null;
  default_content: { type: 'site'; site: string } | null;
  logo_url: string | null;
  sso: boolean;
  ai: boolean;
  invite_links: boolean;
  merge_rules: unknown;
  plan: string;
  created_at: Date;
  updated_at: Date;
}

type OrganizationWithRoleRow = OrganizationRow & { caller_role: string | null; caller_owns_team?: boolean };

function organizationOf(row: OrganizationRow): Organization {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    useCase: row.use_case,
    communityType: row.community_type,
    emailDomains: row.email_domains,
    hostname: row.hostname,
    defaultRole: row.default_role,
    defaultContent: row.default_content,
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

function organizationWithRoleOf(row: OrganizationWithRoleRow): OrganizationWithRole {
  return { ...organizationOf(row), callerRole: row.caller_role, callerOwnsTeam: row.caller_owns_team === true };
}

// Whether the caller owns a team of the organization (Organization.permissions.ownTeam).
const OWNS_TEAM = `EXISTS (SELECT 1 FROM team_members tm WHERE tm.organization_id = o.id AND tm.user_id = m.user_id AND tm.role = 'owner') AS caller_owns_team`;

export async function insertOrganization(db: SqlExecutor, org: { id: string; title: string }): Promise<Organization> {
  return organizationOf(await insertedRow<OrganizationRow>(db, 'INSERT INTO organizations (id, title) VALUES ($1, $2) RETURNING *', [org.id, org.title]));
}

export async function findOrganizationForUser(db: SqlExecutor, orgId: string, userId: string): Promise<OrganizationWithRole | null> {
  const row = await queryOne<OrganizationWithRoleRow>(
    db,
    `SELECT o.*, m.role AS caller_role, ${OWNS_TEAM} FROM organizations o
     LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
     WHERE o.id = $1`,
    [orgId, userId],
  );
  return row && organizationWithRoleOf(row);
}

/** Organizations by id with the caller's role in each (one query however many). */
export async function findOrganizationsForUser(db: SqlExecutor, orgIds: readonly string[], userId: string): Promise<OrganizationWithRole[]> {
  if (!orgIds.length) return [];
  const rows = await queryRows<OrganizationWithRoleRow>(
    db,
    `SELECT o.*, m.role AS caller_role, ${OWNS_TEAM} FROM organizations o
     LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
     WHERE o.id = ANY($1)`,
    [[...orgIds], userId],
  );
  return rows.map(organizationWithRoleOf);
}

export async function listOrganizationsOfUser(db: SqlExecutor, userId: string, page: PageRequest): Promise<Paged<OrganizationWithRole>> {
  const { rows, total } = await pagedRows<OrganizationWithRoleRow>(
    db,
    {
      select: `o.*, m.role AS caller_role, ${OWNS_TEAM}`,
      from: 'FROM organizations o JOIN members m ON m.organization_id = o.id WHERE m.user_id = $1 AND NOT m.disabled',
      orderBy: 'o.created_at, o.id',
      params: [userId],
    },
    page,
  );
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

const COLUMNS: Record<keyof OrganizationChanges, { column: string; json?: boolean }> = {
  title: { column: 'title' },
  emailDomains: { column: 'email_domains' },
  hostname: { column: 'hostname' },
  defaultRole: { column: 'default_role' },
  defaultContent: { column: 'default_content', json: true },
  logo: { column: 'logo_url' },
  sso: { column: 'sso' },
  ai: { column: 'ai' },
  inviteLinks: { column: 'invite_links' },
  mergeRules: { column: 'merge_rules', json: true },
};

export async function updateOrganization(db: SqlExecutor, orgId: string, changes: OrganizationChanges, now: Date): Promise<Organization | null> {
  const sets: string[] = [];
  const params: unknown[] = [orgId, now];
  for (const [field, value] of Object.entries(changes) as [keyof OrganizationChanges, unknown][]) {
    if (value === undefined) continue;
    const { column, json } = COLUMNS[field];
    params.push(json && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}${json ? '::jsonb' : ''}`);
  }
  const row = await queryOne<OrganizationRow>(db, `UPDATE organizations SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`, params);
  return row && organizationOf(row);
}

export async function isHostnameTaken(db: SqlExecutor, hostname: string, exceptOrgId: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM organizations WHERE hostname = $1 AND id <> $2', [hostname, exceptOrgId])) !== null;
}

export async function organizationExists(db: SqlExecutor, orgId: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM organizations WHERE id = $1', [orgId])) !== null;
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
  // No OWNS_TEAM here: these answers have always shown permissions.ownTeam false.
  const rows = await queryRows<OrganizationWithRoleRow>(
    db,
    `SELECT o.*, m.role AS caller_role FROM organizations o
     LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
     WHERE o.email_domains @> ARRAY[$1]::text[] AND (NOT $4::boolean OR m.user_id IS NOT NULL)
     ORDER BY o.created_at, o.id LIMIT $3`,
    [domain.toLowerCase(), userId, MAX_ORGANIZATIONS_PER_EMAIL_DOMAIN, membersOnly],
  );
  return rows.map(organizationWithRoleOf);
}
