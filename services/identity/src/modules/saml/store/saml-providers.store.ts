import type { PageRequest } from '@quire/input';
import { assignmentsFor, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { SamlProvider, SamlProviderWithTeam } from '../model/saml-provider';

export type { SamlProvider, SamlProviderWithTeam };

interface SamlProviderRow {
  id: string;
  organization_id: string;
  label: string;
  entity_id: string | null;
  certificate: string | null;
  sso_url: string | null;
  default_team_id: string | null;
  default_role: string | null;
  created_at: Date;
  updated_at: Date;
}

type JoinedRow = SamlProviderRow & { team_title: string | null; team_created_at: Date | null; team_updated_at: Date | null; team_members: number | null };

// The teams table belongs to identity's teams module; this reads only what a provider embeds.
const WITH_TEAM_COLUMNS = `p.*, t.title AS team_title, t.created_at AS team_created_at, t.updated_at AS team_updated_at,
         (SELECT count(*)::int FROM team_members tm WHERE tm.team_id = t.id) AS team_members`;
const WITH_TEAM_FROM = 'FROM saml_providers p LEFT JOIN teams t ON t.id = p.default_team_id';
const SELECT_WITH_TEAM = `SELECT ${WITH_TEAM_COLUMNS} ${WITH_TEAM_FROM}`;

function samlProviderOf(row: SamlProviderRow): SamlProvider {
  return {
    id: row.id,
    organizationId: row.organization_id,
    label: row.label,
    entityId: row.entity_id,
    certificate: row.certificate,
    ssoUrl: row.sso_url,
    defaultTeamId: row.default_team_id,
    defaultRole: row.default_role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function withTeam({ team_title, team_created_at, team_updated_at, team_members, ...row }: JoinedRow): SamlProviderWithTeam {
  const provider = samlProviderOf(row);
  if (row.default_team_id === null || team_title === null || team_created_at === null || team_updated_at === null) return { ...provider, defaultTeam: null };
  return {
    ...provider,
    defaultTeam: {
      id: row.default_team_id,
      organizationId: row.organization_id,
      title: team_title,
      createdAt: team_created_at,
      updatedAt: team_updated_at,
      memberCount: team_members ?? 0,
      // Only organization admins read providers, and they manage every team whatever their role in it.
      callerTeamRole: null,
    },
  };
}

export async function findSamlProvider(db: SqlExecutor, orgId: string, providerId: string): Promise<SamlProviderWithTeam | null> {
  const row = await queryOne<JoinedRow>(db, `${SELECT_WITH_TEAM} WHERE p.organization_id = $1 AND p.id = $2`, [orgId, providerId]);
  return row && withTeam(row);
}

export async function listSamlProviders(db: SqlExecutor, orgId: string, page: PageRequest): Promise<Paged<SamlProviderWithTeam>> {
  const { rows, total } = await pagedRows<JoinedRow>(
    db,
    { select: WITH_TEAM_COLUMNS, from: `${WITH_TEAM_FROM} WHERE p.organization_id = $1`, orderBy: 'p.created_at, p.id', params: [orgId] },
    page,
  );
  return { rows: rows.map(withTeam), total };
}

/** Every provider of an organization, without the team (an organization has a handful at most). */
export async function listAllSamlProviders(db: SqlExecutor, orgId: string): Promise<SamlProvider[]> {
  return (await queryRows<SamlProviderRow>(db, 'SELECT * FROM saml_providers WHERE organization_id = $1 ORDER BY created_at, id', [orgId])).map(samlProviderOf);
}

/** The columns a create or PATCH may set, by API field. */
export interface SamlProviderChanges {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string | null;
  defaultRole?: string | null;
}

const COLUMNS: Record<keyof SamlProviderChanges, string> = {
  label: 'label',
  entityID: 'entity_id',
  certificate: 'certificate',
  ssoURL: 'sso_url',
  defaultTeam: 'default_team_id',
  defaultRole: 'default_role',
};

export async function insertSamlProvider(
  db: SqlExecutor,
  provider: { id: string; organizationId: string; label: string; defaultRole: string | null } & SamlProviderChanges,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO saml_providers (id, organization_id, label, entity_id, certificate, sso_url, default_team_id, default_role, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [
      provider.id,
      provider.organizationId,
      provider.label,
      provider.entityID ?? null,
      provider.certificate ?? null,
      provider.ssoURL ?? null,
      provider.defaultTeam ?? null,
      provider.defaultRole,
      now,
    ],
  );
}

/** Applies the changes; false when the provider does not exist in the organization. */
export async function updateSamlProvider(db: SqlExecutor, orgId: string, providerId: string, changes: SamlProviderChanges, now: Date): Promise<boolean> {
  const params: unknown[] = [orgId, providerId, now];
  const sets = assignmentsFor(changes, COLUMNS, params);
  const { rowCount } = await db.query(`UPDATE saml_providers SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE organization_id = $1 AND id = $2`, params);
  return rowCount > 0;
}

/** False when there was nothing to delete. */
export async function deleteSamlProvider(db: SqlExecutor, orgId: string, providerId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM saml_providers WHERE organization_id = $1 AND id = $2', [orgId, providerId]);
  return rowCount > 0;
}

/**
 * True when the team belongs to the organization. The row is share-locked until the transaction
 * ends, so the team cannot be deleted between this check and the write that references it.
 */
export async function lockTeamOfOrganization(db: SqlExecutor, orgId: string, teamId: string): Promise<boolean> {
  return (await queryOne(db, 'SELECT 1 FROM teams WHERE organization_id = $1 AND id = $2 FOR SHARE', [orgId, teamId])) !== null;
}
