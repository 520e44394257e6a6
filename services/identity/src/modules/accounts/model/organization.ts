export interface Organization {
  id: string;
  title: string;
  type: string;
  useCase: string | null;
  communityType: string | null;
  emailDomains: string[];
  hostname: string | null;
  defaultRole: string | null;
  defaultContent: { type: 'site'; site: string } | null;
  logoUrl: string | null;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  mergeRules: unknown;
  plan: string;
  createdAt: Date;
  updatedAt: Date;
}

/** An organization with the caller's role in it (null when not a member). */
export interface OrganizationWithRole extends Organization {
  callerRole: string | null;
  /** Whether the caller owns a team of the organization (Organization.permissions.ownTeam). */
  callerOwnsTeam: boolean;
}
