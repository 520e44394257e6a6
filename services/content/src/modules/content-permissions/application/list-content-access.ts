import { ROLES, type Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { organizationPeople } from '@quire/platform/membership';
import { presentUsers, type PresentedUser } from '@quire/platform/users';
import { chainIds, collectionTree, grantsOn, peopleAccess, type ResourceKind } from '../../content-tree';
import type { Caller, ContentHttpDeps } from '../../shared';
import { authorizePermissionTarget } from '../policies/permission-target.policy';

type Deps = Pick<ContentHttpDeps, 'db' | 'membership' | 'clients' | 'urls'>;

/**
 * listPermissionsAggregateInSpace / InCollection: everyone who can access the content, each at
 * their effective level by the one rule — members through their organization role (unless the
 * content's default hides it from them), their teams' grants and their own, guests through their
 * grants — optionally only those at `role`, admins first, then by level.
 */
export async function listContentAccess(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; role?: Role; page: PageRequest },
): Promise<{ items: { role: Role; user: PresentedUser }[]; total: number }> {
  const { node } = await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'list');
  const collections = await collectionTree(deps.db, node.organizationId);
  const grants = await grantsOn(deps.db, chainIds(node, collections));
  const granted = grants.flatMap((g) => (g.principal.kind === 'user' ? [g.principal.id] : []));
  const people = await organizationPeople(deps.clients.identity(), deps.membership, node.organizationId, granted);
  const levels = peopleAccess(node, collections, grants, people)
    .filter((p) => !input.role || p.level === input.role)
    .sort((a, b) => ROLES.indexOf(a.level) - ROLES.indexOf(b.level) || compareIds(a.userId, b.userId));
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

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
