/** A pending e-mail invite: an address with no user yet, and the role it will join with. */
export interface Invite {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  invitedBy: string | null;
  createdAt: Date;
}

/** An invite link; only the SHA-256 of its secret is kept. */
export interface LinkInvite {
  id: string;
  organizationId: string;
  role: string;
  secretHash: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}
