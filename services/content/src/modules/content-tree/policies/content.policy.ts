import { authorizeLevel, contentAccess, type LevelOrigin, type Role } from '@quire/access';
import { notFound } from '@quire/errors';
import { authorizeMember, type Membership, type MembershipResolver } from '@quire/platform/membership';
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
 * and to their teams); none for an admin of the organization.
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
  const [access] = await loadContentAccesses(db, membership, [organizationId], userId);
  if (!access) throw new Error('one organization asked, none answered');
  return access;
}

/**
 * The caller's access in each of some organizations (GetSpaces and links name spaces of several):
 * one membership lookup per organization (cached), then one collections query and one grants
 * query for all of them together.
 */
export async function loadContentAccesses(
  db: SqlExecutor,
  membership: MembershipResolver,
  organizationIds: readonly string[],
  userId: string,
): Promise<ContentAccess[]> {
  const orgs = [...new Set(organizationIds)];
  const members = await Promise.all(orgs.map((org) => membership.membership(org, userId)));
  // An admin is admin everywhere: neither the tree nor the grants change that.
  const asked = orgs.filter((_, i) => members[i]?.organizationExists && members[i]?.role !== 'admin');
  const teamIds = members.flatMap((m) => m.teamIds);
  const principals: Principal[] = [{ kind: 'user', id: userId }, ...teamIds.map((id): Principal => ({ kind: 'team', id }))];
  const [collections, grants] = await Promise.all([collectionNodesIn(db, asked), grantsToPrincipals(db, asked, principals)]);
  return orgs.map((organizationId, i) => {
    const member = members[i] ?? { organizationExists: false, role: null, guest: false, teamIds: [] };
    // Each organization's own grants only (the principals asked are the user and all their teams).
    const mine = grants.filter((g) => g.organizationId === organizationId);
    const parents = new Map(collections.filter((c) => c.organizationId === organizationId).map((c) => [c.id, c]));
    return accessOf(organizationId, member, parents, grantsByResource(mine), mine.length > 0);
  });
}

function accessOf(
  organizationId: string,
  member: Membership,
  parents: ReadonlyMap<string, ContentNode>,
  grants: ReadonlyMap<string, Role[]>,
  hasGrants: boolean,
): ContentAccess {
  const access = (content: ContentNode) =>
    member.organizationExists ? contentAccess({ orgRole: member.role, chain: accessChain(content, parents, grants) }) : { level: null, origin: null };
  return {
    organizationId,
    organizationExists: member.organizationExists,
    orgRole: member.role,
    guest: member.guest,
    hasGrants,
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
  return visibleFilter(await collectionNodesIn(db, [access.organizationId]), (collection) => access.levelOf(collection) !== null);
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
