import type { Role } from '@quire/access';
import { changeGrants, type Principal, type ResourceKind } from '../../content-tree';
import type { Caller, ContentHttpDeps } from '../../shared';
import { authorizePermissionTarget } from '../policies/permission-target.policy';
import { requireKnownPrincipals } from './known-principals';

type Deps = Pick<ContentHttpDeps, 'db' | 'membership' | 'clock' | 'clients'>;

/**
 * inviteToSpace / inviteToCollection: gives `role` to each user and team (null: takes their
 * grants away). Needs `admin` on the content; an unknown user or team refuses the whole request
 * (404) before anything is written.
 */
export async function inviteToContent(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; role: Role | null; users: readonly string[]; teams: readonly string[] },
): Promise<void> {
  const { node } = await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'manage');
  if (input.role) await requireKnownPrincipals(deps, node.organizationId, caller.userId, input);
  const principals: Principal[] = [
    ...input.users.map((id): Principal => ({ kind: 'user', id })),
    ...input.teams.map((id): Principal => ({ kind: 'team', id })),
  ];
  await changeGrants(
    deps.db,
    node.organizationId,
    principals.map((principal) => ({ resource: input.resource, principal, role: input.role })),
    deps.clock(),
  );
}

/**
 * updateUserPermissionInSpace and its kin: sets one user's or team's role on the content (null
 * removes the grant; no role changes nothing). 404 for a user or team that does not exist.
 */
export async function setContentGrant(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; principal: Principal; role: Role | null | undefined },
): Promise<void> {
  const { node } = await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'manage');
  const isUser = input.principal.kind === 'user';
  await requireKnownPrincipals(deps, node.organizationId, caller.userId, {
    users: isUser ? [input.principal.id] : [],
    teams: isUser ? [] : [input.principal.id],
  });
  if (input.role === undefined) return;
  await changeGrants(deps.db, node.organizationId, [{ resource: input.resource, principal: input.principal, role: input.role }], deps.clock());
}

/** removeUserFromSpace and its kin: takes a user's or team's grant away; false when they had none. */
export async function removeContentGrant(
  deps: Deps,
  caller: Caller,
  input: { resource: { kind: ResourceKind; id: string }; principal: Principal },
): Promise<boolean> {
  const { node } = await authorizePermissionTarget(deps.db, deps.membership, input.resource, caller.userId, 'manage');
  const [removed] = await changeGrants(deps.db, node.organizationId, [{ resource: input.resource, principal: input.principal, role: null }], deps.clock());
  return removed === true;
}
