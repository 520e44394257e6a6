import type { User } from './user';

/** A user's membership of an organization. */
export interface Member {
  organizationId: string;
  userId: string;
  /** Null for a guest: only their grants give them anything (docs/permissions.md). */
  role: string | null;
  disabled: boolean;
  joinedAt: Date;
  lastSeenAt: Date | null;
}

/** A member with their user and the number of the organization's teams they belong to. */
export interface MemberWithUser extends Member {
  user: User;
  teams: number;
}
