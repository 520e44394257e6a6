import { notFound } from '@quire/errors';
import type { identity } from '@quire/proto';
import type { ContentHttpDeps } from '../../shared';

/** The teams of an organization by id, as identity presents them (reference OrganizationTeam), in one GetTeams call. */
export async function teamsOf(
  deps: Pick<ContentHttpDeps, 'clients'>,
  organizationId: string,
  teamIds: readonly string[],
  userId: string,
): Promise<Map<string, identity.TeamEntry>> {
  if (teamIds.length === 0) return new Map();
  const { teams } = await deps.clients.identity().getTeams({ organizationId, teamIds: [...new Set(teamIds)], userId });
  return new Map(teams.map((t) => [t.id, t]));
}

/**
 * Refuses a grant to someone who does not exist (reference: 404 "No team or user with the
 * provided Id"): every user must be known to identity, every team a team of the organization.
 * Asked in one call each, before anything is written.
 */
export async function requireKnownPrincipals(
  deps: Pick<ContentHttpDeps, 'clients'>,
  organizationId: string,
  callerId: string,
  principals: { users: readonly string[]; teams: readonly string[] },
): Promise<void> {
  if (principals.users.length > 0) {
    const { users } = await deps.clients.identity().getUsers({ userIds: [...new Set(principals.users)] });
    const known = new Set(users.map((u) => u.id));
    const unknown = principals.users.find((id) => !known.has(id));
    if (unknown) throw notFound(`User ${unknown} not found`);
  }
  const teams = await teamsOf(deps, organizationId, principals.teams, callerId);
  const unknownTeam = principals.teams.find((id) => !teams.has(id));
  if (unknownTeam) throw notFound(`Team ${unknownTeam} not found`);
}
