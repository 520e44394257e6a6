import { authorizeLevel, contentAccess, type LevelOrigin, type Role } from '@quire/access';
import { notFound } from '@quire/errors';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { accessChain, grantsByResource, visibleFilter } from '../domain/access-chain';
import type { ContentNode, Principal, VisibleFilter } from '../model/content-access';
import { collectionNodesIn, spaceNodesIn } from '../store/collection-tree.store';
import { grantsToPrincipals } from '../store/content-grants.store';

/**
 * What a caller may see of an organization's content: their organization role (null for a guest
 * or a stranger) and the level on any space or collection of it, by the one rule
 * (@quire/access contentAccess, docs/permissions.md). Loaded in two queries whatever the number
 * of spaces asked about: the organization's collections and the caller's grants in it (to them
 * and to their teams).
 */
export interface ContentAccess {
  organizationId: string;
  organizationExists: boolean;
  orgRole: Role | null;
  guest: boolean;
  /** Whether the caller holds any grant in the organization. */
  hasGrants: boolean;
  access(content: ContentNode): { level: Role | null; origin: LevelOrigin | null };
  levelOf(content: ContentNode): Role | null;
}

export async function loadContentAccess(db: SqlExecutor, membership: MembershipResolver, organizationId: string, userId: string): Promise<ContentAccess> {
  const member = await membership.membership(organizationId, userId);
  const principals: Principal[] = [{ kind: 'user', id: userId }, ...member.teamIds.map((id): Principal => ({ kind: 'team', id }))];
  // An admin is admin everywhere: neither the tree nor the grants change that.
  const [collections, grants] =
    member.role === 'admin' || !member.organizationExists
      ? [[], []]
      : await Promise.all([collectionNodesIn(db, organizationId), grantsToPrincipals(db, organizationId, principals)]);
  const parents = new Map(collections.map((c) => [c.id, c]));
  const byResource = grantsByResource(grants);
  const access = (content: ContentNode) =>
    member.organizationExists ? contentAccess({ orgRole: member.role, chain: accessChain(content, parents, byResource) }) : { level: null, origin: null };
  return {
    organizationId,
    organizationExists: member.organizationExists,
    orgRole: member.role,
    guest: member.guest,
    hasGrants: grants.length > 0,
    access,
    levelOf: (content) => access(content).level,
  };
}

/** A caller's level on one space or collection (null: none, the content is a 404 to them). */
export async function levelOnContent(
  db: SqlExecutor,
  membership: MembershipResolver,
  content: ContentNode & { organizationId: string },
  userId: string,
): Promise<Role | null> {
  return (await loadContentAccess(db, membership, content.organizationId, userId)).levelOf(content);
}

export type OrganizationAction = 'read' | 'createContent' | 'manageCustomFields' | 'receiveTransfer';

// Any member lists content and custom fields; creating collections and spaces (and duplicating a
// space) needs the `create` role; custom field definitions and taking in transferred content
// need `admin` of the organization.
const REQUIRED: Record<OrganizationAction, Role> = {
  read: 'read',
  createContent: 'create',
  manageCustomFields: 'admin',
  receiveTransfer: 'admin',
};

/** The caller's organization role checked for `action` (the common rule: 404 for a non-member, 403 below the role). */
export function authorizeInOrganization(membership: MembershipResolver, organizationId: string, userId: string, action: OrganizationAction): Promise<Role> {
  return authorizeMember(membership, organizationId, userId, REQUIRED[action]);
}

/**
 * A caller who may list an organization's content: a member, or a guest (someone holding a grant
 * in it), who then sees only what they were granted. Anyone else gets the non-member's 404.
 */
export async function authorizeContentReader(db: SqlExecutor, membership: MembershipResolver, organizationId: string, userId: string): Promise<ContentAccess> {
  const access = await loadContentAccess(db, membership, organizationId, userId);
  if (!access.organizationExists || (!access.orgRole && !access.guest && !access.hasGrants)) throw notFound(`Organization ${organizationId} not found`);
  return access;
}

/** Which of an organization's live spaces the caller sees (a filter for the list queries). */
export async function visibleSpaces(db: SqlExecutor, access: ContentAccess): Promise<VisibleFilter> {
  if (access.orgRole === 'admin') return { all: true };
  return visibleFilter(await spaceNodesIn(db, access.organizationId), (space) => access.levelOf(space) !== null);
}

/** Which of an organization's collections the caller sees. */
export async function visibleCollections(db: SqlExecutor, access: ContentAccess): Promise<VisibleFilter> {
  if (access.orgRole === 'admin') return { all: true };
  return visibleFilter(await collectionNodesIn(db, access.organizationId), (collection) => access.levelOf(collection) !== null);
}

/**
 * The caller's level on a collection or space by the content rule, checked against `required`
 * with the common rule: no level (a stranger, or a member or guest the content is hidden from) is
 * a 404 for `what`, a level below `required` a 403. Answers the organization role (null for a
 * guest) and the loaded access, to present other content of the organization.
 */
export async function authorizeContent(
  db: SqlExecutor,
  membership: MembershipResolver,
  content: ContentNode & { organizationId: string },
  userId: string,
  required: Role,
  what: string,
): Promise<{ role: Role | null; level: Role; access: ContentAccess }> {
  const access = await loadContentAccess(db, membership, content.organizationId, userId);
  const level = authorizeLevel(access.levelOf(content), required, what);
  return { role: access.orgRole, level, access };
}
