import { insertedRow, pagedRows, queryOne, type Paged, type PageRequest, type SqlExecutor } from '@quire/common';

export interface OrganizationRow {
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

/** An organization with the caller's role in it (null when not a member). */
export interface OrganizationWithRole extends OrganizationRow {
  caller_role: string | null;
  caller_owns_team: boolean;
}

// Whether the caller owns a team of the organization (Organization.permissions.ownTeam).
const OWNS_TEAM = `EXISTS (SELECT 1 FROM team_members tm WHERE tm.organization_id = o.id AND tm.user_id = m.user_id AND tm.role = 'owner') AS caller_owns_team`;

export async function insertOrganization(db: SqlExecutor, org: { id: string; title: string }): Promise<OrganizationRow> {
  return insertedRow<OrganizationRow>(db, 'INSERT INTO organizations (id, title) VALUES ($1, $2) RETURNING *', [org.id, org.title]);
}

export async function findOrganizationForUser(db: SqlExecutor, orgId: string, userId: string): Promise<OrganizationWithRole | null> {
  return queryOne<OrganizationWithRole>(
    db,
    `SELECT o.*, m.role AS caller_role, ${OWNS_TEAM} FROM organizations o
     LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
     WHERE o.id = $1`,
    [orgId, userId],
  );
}

/** Organizations by id with the caller's role in each (one query however many). */
export async function findOrganizationsForUser(db: SqlExecutor, orgIds: readonly string[], userId: string): Promise<OrganizationWithRole[]> {
  if (!orgIds.length) return [];
  const { rows } = await db.query<OrganizationWithRole>(
    `SELECT o.*, m.role AS caller_role, ${OWNS_TEAM} FROM organizations o
     LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
     WHERE o.id = ANY($1)`,
    [[...orgIds], userId],
  );
  return rows;
}

export function listOrganizationsOfUser(db: SqlExecutor, userId: string, page: PageRequest): Promise<Paged<OrganizationWithRole>> {
  return pagedRows<OrganizationWithRole>(
    db,
    {
      select: `o.*, m.role AS caller_role, ${OWNS_TEAM}`,
      from: 'FROM organizations o JOIN members m ON m.organization_id = o.id WHERE m.user_id = $1 AND NOT m.disabled',
      orderBy: 'o.created_at, o.id',
      params: [userId],
    },
    page,
  );
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

export async function updateOrganization(db: SqlExecutor, orgId: string, changes: OrganizationChanges, now: Date): Promise<OrganizationRow | null> {
  const sets: string[] = [];
  const params: unknown[] = [orgId, now];
  for (const [field, value] of Object.entries(changes) as [keyof OrganizationChanges, unknown][]) {
    if (value === undefined) continue;
    const { column, json } = COLUMNS[field];
    params.push(json && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}${json ? '::jsonb' : ''}`);
  }
  return queryOne<OrganizationRow>(db, `UPDATE organizations SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`, params);
}

export async function isHostnameTaken(db: SqlExecutor, hostname: string, exceptOrgId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM organizations WHERE hostname = $1 AND id <> $2', [hostname, exceptOrgId]);
  return rows.length > 0;
}

export async function organizationExists(db: SqlExecutor, orgId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM organizations WHERE id = $1', [orgId]);
  return rows.length > 0;
}
