import type { MemberWithUser } from '../../accounts';

export interface Team {
  id: string;
  organizationId: string;
  title: string;
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
