import { isRole } from '@quire/access';
import { bind, type AsyncService } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { identity } from '@quire/proto';
import { authenticateToken } from '../application/authenticate-token';
import { getMembership } from '../application/get-membership';
import { getOrganizations } from '../application/get-organizations';
import { getUsers } from '../application/get-users';
import { listMemberAccess } from '../application/list-member-access';
import { presentOrganization } from '../presenters/organization.presenter';

/** What the teams module answers for accounts' calls (it sits above accounts; the service wiring passes it). */
export interface TeamsPort {
  calls: Pick<AsyncService<identity.IdentityServer>, 'getTeams'>;
  memberTeamIds: (input: { organizationId: string; userId: string }) => Promise<string[]>;
  teamIdsByMember: (organizationId: string) => Promise<Map<string, string[]>>;
}

/** Identity's queries for other services. */
export function identityGrpc(deps: Pick<ServiceContext, 'db' | 'clock' | 'logger' | 'urls'>, teams: TeamsPort) {
  const { db, logger, urls } = deps;
  return bind<identity.IdentityServer>(identity.IdentityService, {
    // Ready when the database answers, as /readyz and the other services' Check report it.
    check: async () => ({
      service: 'identity',
      ready: await db.ping().then(
        () => true,
        () => false,
      ),
    }),

    authenticate: async ({ token }) => authenticateToken(deps, logger, token),

    getMembership: async ({ organizationId, userId }) => {
      const [{ organizationExists, role, guest }, teamIds] = await Promise.all([
        getMembership(deps, { organizationId, userId }),
        teams.memberTeamIds({ organizationId, userId }),
      ]);
      return { organizationExists, role: role ?? '', teamIds, guest };
    },

    listMembers: async ({ organizationId }) => {
      const [members, teamIds] = await Promise.all([listMemberAccess(deps, organizationId), teams.teamIdsByMember(organizationId)]);
      return {
        members: members.map((m) => ({
          userId: m.userId,
          role: m.role ?? '',
          guest: m.guest,
          teamIds: teamIds.get(m.userId) ?? [],
          joinedAt: m.joinedAt.toISOString(),
        })),
      };
    },

    ...teams.calls,

    getUsers: async ({ userIds }) => {
      const rows = await getUsers(deps, userIds);
      return { users: rows.map((u) => ({ id: u.id, displayName: u.displayName, email: u.email, photoUrl: u.photoUrl ?? '' })) };
    },

    // Other services embed full Organization objects (content's link items): the one presenter writes them.
    getOrganizations: async ({ organizationIds, userId }) => {
      const rows = await getOrganizations(deps, { organizationIds, userId });
      const organizations = rows.map((org) => {
        const role = org.callerRole && isRole(org.callerRole) ? org.callerRole : '';
        return { id: org.id, role, json: JSON.stringify(presentOrganization(org, role || null, urls)) };
      });
      return { organizations };
    },
  });
}
