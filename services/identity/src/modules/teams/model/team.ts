import type { MemberWithUser } from '../../accounts';

export interface Team {
  id: string;
  organizationId: string;
  title: string;
  /** 'scim': provisioned by a SCIM connection, whose identity provider owns its members. */
  provisionedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A team with its member count and the caller's role in it (null when the caller is not in the team). */
export interface TeamSummary extends Team {
  memberCount: number;
  callerTeamRole: string | null;
}

export interface TeamMemberWithUser extends MemberWithUser {
  teamRole: string;
}
