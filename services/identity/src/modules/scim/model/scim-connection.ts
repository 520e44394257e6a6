import type { Role } from '@quire/access';

export const SCIM_PROVIDERS = ['okta', 'entra', 'generic'] as const;
export type ScimProvider = (typeof SCIM_PROVIDERS)[number];

export interface ScimConnection {
  id: string;
  organizationId: string;
  label: string;
  provider: ScimProvider;
  tokenHint: string;
  tokenCreatedAt: Date;
  lastUsedAt: Date | null;
  defaultRole: Role;
  /** Group display name → organization role. */
  groupRoles: Record<string, Role>;
  createdAt: Date;
  updatedAt: Date;
}

/** A User of a connection: the Quire user it is, and the attributes the provider sent. */
export interface ScimUserRecord {
  connectionId: string;
  userId: string;
  userName: string;
  active: boolean;
  resource: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** A Group of a connection: the team it is, its members' user ids, and the other attributes sent. */
export interface ScimGroupRecord {
  connectionId: string;
  teamId: string;
  displayName: string;
  resource: Record<string, unknown>;
  memberIds: string[];
  createdAt: Date;
  updatedAt: Date;
}
