import type { Role } from '@quire/access';

// The facts the content permission rule (@quire/access contentAccess) is asked with, as content
// keeps them: each space and collection points to its parent collection and has a stored
// default level; grants are rows of content_grants.

export type ResourceKind = 'space' | 'collection';
export type PrincipalKind = 'user' | 'team';

export interface Principal {
  kind: PrincipalKind;
  id: string;
}

/** A space or collection as the rule sees it: its own default level and its parent collection. */
export interface ContentNode {
  id: string;
  parentId: string | null;
  /** Stored default level: a role, `inherit`, or null (private to its grants). */
  defaultLevel: string | null;
}

/** One grant of a role on a space or collection to a user or a team. */
export interface ContentGrant {
  resource: { kind: ResourceKind; id: string };
  principal: Principal;
  organizationId: string;
  role: Role;
}

/** How a list names the rows a caller may see: by the visible ids or by the hidden ones. `all`: nothing is hidden. */
export type VisibleFilter = { all: true } | { only: string[] } | { except: string[] };
