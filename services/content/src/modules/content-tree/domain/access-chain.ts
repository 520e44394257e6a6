import { contentAccess, isRole, type AccessNode, type DefaultLevel, type LevelOrigin, type Role } from '@quire/access';
import type { ContentNode, VisibleFilter } from '../model/content-access';

// Builds the chain @quire/access's contentAccess is asked with: the content itself, then each
// parent collection up to the top, each with its default level and the caller's grants on it.

/** A stored default level as the rule reads it; an unknown value caps at `read` (the old default). */
export function storedDefaultLevel(stored: string | null): DefaultLevel {
  if (stored === null || stored === 'inherit') return stored;
  return isRole(stored) ? stored : 'read';
}

/** The caller's grants by resource id. */
export function grantsByResource(grants: readonly { resourceId: string; role: Role }[]): Map<string, Role[]> {
  const byResource = new Map<string, Role[]>();
  for (const { resourceId, role } of grants) byResource.set(resourceId, [...(byResource.get(resourceId) ?? []), role]);
  return byResource;
}

/**
 * The chain of `content`: itself, then its parent collections from `collections`. A parent that is
 * missing ends the chain; a cycle (never written, but a chain must end) is cut at the first repeat.
 */
export function accessChain(content: ContentNode, collections: ReadonlyMap<string, ContentNode>, grants: ReadonlyMap<string, readonly Role[]>): AccessNode[] {
  const chain: AccessNode[] = [];
  const seen = new Set<string>();
  let node: ContentNode | undefined = content;
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    chain.push({ defaultLevel: storedDefaultLevel(node.defaultLevel), grants: grants.get(node.id) ?? [] });
    node = node.parentId ? collections.get(node.parentId) : undefined;
  }
  return chain;
}

/** The ids of `content` and the collections above it (whose grants reach it). */
export function chainIds(content: ContentNode, collections: ReadonlyMap<string, ContentNode>): string[] {
  const ids: string[] = [];
  let node: ContentNode | undefined = content;
  while (node && !ids.includes(node.id)) {
    ids.push(node.id);
    node = node.parentId ? collections.get(node.parentId) : undefined;
  }
  return ids;
}

/** The filter naming the visible nodes or the hidden ones, whichever list is shorter (a member usually misses few, a guest sees few). */
export function visibleFilter(nodes: readonly ContentNode[], isVisible: (node: ContentNode) => boolean): VisibleFilter {
  const only: string[] = [];
  const except: string[] = [];
  for (const node of nodes) (isVisible(node) ? only : except).push(node.id);
  if (except.length === 0) return { all: true };
  return only.length <= except.length ? { only } : { except };
}

/** Someone whose level on content is asked for from the outside (the aggregate listings). */
export interface Person {
  userId: string;
  orgRole: Role | null;
  teamIds: readonly string[];
}

/**
 * Each person's level on `content` with where it came from, by the one rule: `grants` are every
 * grant on the content and the collections above it (to anyone); each person counts those to them
 * and to their teams. People without a level are left out.
 */
export function peopleAccess(
  content: ContentNode,
  collections: ReadonlyMap<string, ContentNode>,
  grants: readonly { resourceId: string; principal: { kind: 'user' | 'team'; id: string }; role: Role }[],
  people: readonly Person[],
): { userId: string; level: Role; origin: LevelOrigin | null }[] {
  const found: { userId: string; level: Role; origin: LevelOrigin | null }[] = [];
  for (const person of people) {
    const teams = new Set(person.teamIds);
    const own = grants.filter((g) => (g.principal.kind === 'user' ? g.principal.id === person.userId : teams.has(g.principal.id)));
    const { level, origin } = contentAccess({ orgRole: person.orgRole, chain: accessChain(content, collections, grantsByResource(own)) });
    if (level) found.push({ userId: person.userId, level, origin });
  }
  return found;
}
