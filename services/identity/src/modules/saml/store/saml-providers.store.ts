import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SamlProvidersTable } from '../../../database';
import type { SamlProvider, SamlProviderWithTeam } from '../model/saml-provider';

export type { SamlProvider, SamlProviderWithTeam };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function samlProviderOf(row: Selectable<SamlProvidersTable>): SamlProvider {
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

// The teams table belongs to identity's teams module; this reads only what a provider embeds.
const withTeamQuery = (db: SqlExecutor) =>
  table(db)
    .selectFrom('saml_providers as p')
    .leftJoin('teams as t', 't.id', 'p.default_team_id')
    .selectAll('p')
    .select([
      't.title as team_title',
      't.created_at as team_created_at',
      't.provisioned_by as team_provisioned_by',
      't.updated_at as team_updated_at',
      sql<number>`(SELECT count(*)::int FROM team_members tm WHERE tm.team_id = t.id)`.as('team_members'),
    ]);

type JoinedRow = Awaited<ReturnType<ReturnType<typeof withTeamQuery>['executeTakeFirstOrThrow']>>;

function withTeam({ team_title, team_created_at, team_updated_at, team_members, team_provisioned_by, ...row }: JoinedRow): SamlProviderWithTeam {
  const provider = samlProviderOf(row);
  if (row.default_team_id === null || team_title === null || team_created_at === null || team_updated_at === null) return { ...provider, defaultTeam: null };
  return {
    ...provider,
    defaultTeam: {
      id: row.default_team_id,
      organizationId: row.organization_id,
      title: team_title,
      provisionedBy: team_provisioned_by,
      createdAt: team_created_at,
      updatedAt: team_updated_at,
      memberCount: team_members ?? 0,
      // Only organization admins read providers, and they manage every team whatever their role in it.
      callerTeamRole: null,
    },
  };
}

export async function findSamlProvider(db: SqlExecutor, orgId: string, providerId: string): Promise<SamlProviderWithTeam | null> {
  const row = await withTeamQuery(db).where('p.organization_id', '=', orgId).where('p.id', '=', providerId).executeTakeFirst();
  return row ? withTeam(row) : null;
}

export async function listSamlProviderRows(db: SqlExecutor, orgId: string, page: PageRequest): Promise<Paged<SamlProviderWithTeam>> {
  const { rows, total } = await pagedSelect(withTeamQuery(db).where('p.organization_id', '=', orgId).orderBy('p.created_at').orderBy('p.id'), page);
  return { rows: rows.map(withTeam), total };
}

/** Every provider of an organization, without the team (an organization has a handful at most). */
export async function listAllSamlProviders(db: SqlExecutor, orgId: string): Promise<SamlProvider[]> {
  const rows = await table(db).selectFrom('saml_providers').selectAll().where('organization_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  return rows.map(samlProviderOf);
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

/** The column values of the changes that are present (undefined leaves a column as it is). */
const columnsOf = (changes: SamlProviderChanges) => ({
  label: changes.label,
  entity_id: changes.entityID,
  certificate: changes.certificate,
  sso_url: changes.ssoURL,
  default_team_id: changes.defaultTeam,
  default_role: changes.defaultRole,
});

export async function insertSamlProvider(
  db: SqlExecutor,
  provider: { id: string; organizationId: string; label: string; defaultRole: string | null } & SamlProviderChanges,
  now: Date,
): Promise<void> {
  await table(db)
    .insertInto('saml_providers')
    .values({
      id: provider.id,
      organization_id: provider.organizationId,
      label: provider.label,
      entity_id: provider.entityID ?? null,
      certificate: provider.certificate ?? null,
      sso_url: provider.ssoURL ?? null,
      default_team_id: provider.defaultTeam ?? null,
      default_role: provider.defaultRole,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Applies the changes; false when the provider does not exist in the organization. */
export async function updateSamlProviderRow(db: SqlExecutor, orgId: string, providerId: string, changes: SamlProviderChanges, now: Date): Promise<boolean> {
  const { numUpdatedRows } = await table(db)
    .updateTable('saml_providers')
    .set({ ...columnsOf(changes), updated_at: now })
    .where('organization_id', '=', orgId)
    .where('id', '=', providerId)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** False when there was nothing to delete. */
export async function deleteSamlProviderRow(db: SqlExecutor, orgId: string, providerId: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('saml_providers').where('organization_id', '=', orgId).where('id', '=', providerId).executeTakeFirst();
  return numDeletedRows > 0n;
}

/**
 * True when the team belongs to the organization. The row is share-locked until the transaction
 * ends, so the team cannot be deleted between this check and the write that references it.
 */
export async function lockTeamOfOrganization(db: SqlExecutor, orgId: string, teamId: string): Promise<boolean> {
  const row = await table(db).selectFrom('teams').select('id').where('organization_id', '=', orgId).where('id', '=', teamId).forShare().executeTakeFirst();
  return row !== undefined;
}
