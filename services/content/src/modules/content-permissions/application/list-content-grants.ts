import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { identity } from '@quire/proto';
import { presentUsers, type PresentedUser } from '@quire/platform/users';
import { listGrants, type ResourceKind } from '../../content-tree';
import type { Caller, ContentHttpDeps } from '../../shared';
import { authorizePermissionTarget } from '../policies/permission-target.policy';
import { teamsOf } from './known-principals';

type Deps = Pick<ContentHttpDeps, 'db' | 'membership' | 'clients' | 'urls'>;

/** listUserPermissionsInSpace / InCollection: the users granted a role on the content itself, with the users from identity in one call. */
export async function listContentUsers(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; page: PageRequest },
): Promise<{ items: { role: Role; user: PresentedUser }[]; total: number }> {
  await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'list');
  const { rows, total } = await listGrants(deps.db, input.resource, 'user', input.page);
  const users = await presentUsers(
    deps.clients.identity(),
    deps.urls,
    rows.map((r) => r.principalId),
  );
  return {
    items: rows.flatMap((r) => {
      const user = users.get(r.principalId);
      return user ? [{ role: r.role, user }] : [];
    }),
    total,
  };
}

/**
 * listTeamPermissionsInSpace / InCollection: the teams granted a role on the content itself, with
 * the teams from identity in one call (a team deleted since is left out).
 */
export async function listContentTeams(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; page: PageRequest },
): Promise<{ items: { role: Role; team: identity.TeamEntry }[]; total: number }> {
  const { node } = await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'list');
  const { rows, total } = await listGrants(deps.db, input.resource, 'team', input.page);
  const teams = await teamsOf(
    deps,
    node.organizationId,
    rows.map((r) => r.principalId),
    caller.userId,
  );
  return {
    items: rows.flatMap((r) => {
      const team = teams.get(r.principalId);
      return team ? [{ role: r.role, team }] : [];
    }),
    total,
  };
}
