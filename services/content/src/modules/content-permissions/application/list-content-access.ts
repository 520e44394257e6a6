import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { presentUsers, type PresentedUser } from '@quire/platform/users';
import { chainIds, collectionTree, grantsOn, peopleAccess, type Person, type ResourceKind } from '../../content-tree';
import type { Caller, ContentHttpDeps } from '../../shared';
import { authorizePermissionTarget } from '../policies/permission-target.policy';

type Deps = Pick<ContentHttpDeps, 'db' | 'membership' | 'clients' | 'urls'>;

/**
 * listPermissionsAggregateInSpace / InCollection: the people granted access to the content — a
 * grant on it or on a collection above it — each at their effective level by the one rule (their
 * organization role and teams count too), optionally only those at `role`. Identity lists no team
 * members or organization members over gRPC, so members reaching the content through a team grant
 * or their organization role alone are not listed (docs/permissions.md).
 */
export async function listContentAccess(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; role?: Role; page: PageRequest },
): Promise<{ items: { role: Role; user: PresentedUser }[]; total: number }> {
  const { node } = await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'list');
  const collections = await collectionTree(deps.db, node.organizationId);
  const grants = await grantsOn(deps.db, chainIds(node, collections));
  const userIds = [...new Set(grants.filter((g) => g.principal.kind === 'user').map((g) => g.principal.id))];
  const people = await Promise.all(
    userIds.map(async (userId): Promise<Person> => {
      const m = await deps.membership.membership(node.organizationId, userId);
      return { userId, orgRole: m.role, teamIds: m.teamIds };
    }),
  );
  const levels = peopleAccess(node, collections, grants, people).filter((p) => !input.role || p.level === input.role);
  const page = levels.slice(input.page.offset, input.page.offset + input.page.limit);
  const users = await presentUsers(
    deps.clients.identity(),
    deps.urls,
    page.map((p) => p.userId),
  );
  return {
    items: page.flatMap((p) => {
      const user = users.get(p.userId);
      return user ? [{ role: p.level, user }] : [];
    }),
    total: levels.length,
  };
}
