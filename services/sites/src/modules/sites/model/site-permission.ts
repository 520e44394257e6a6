import type { Role } from '@quire/access';

// A role granted on a site (table `site_permissions`), as the store reads it.

export type PrincipalKind = 'user' | 'team';

/** Who a grant is for: a user (a member or a guest of the organization) or one of its teams. */
export interface SitePrincipal {
  kind: PrincipalKind;
  id: string;
}

export interface SiteGrant {
  siteId: string;
  organizationId: string;
  principal: SitePrincipal;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

/** The principals a person acts as: themselves and each team of the organization they belong to. */
export interface PersonPrincipals {
  userId: string;
  teamIds: readonly string[];
}
