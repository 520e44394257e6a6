import { newId } from '@quire/ids';

/** The secret of an invite link: 238 random bits, part of its URL, stored only as a SHA-256. */
export function generateInviteSecret(): string {
  return newId(40);
}

/** The domain of an e-mail address, lower-case. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Whether a user asking for the organizations that claim `domain` sees all of them: only for the
 * domain of the user's own address (they welcome the user, an open invitation); for another
 * domain only those the user is a member of, so the answer cannot probe which organizations claim it.
 */
export function seesEveryClaimOf(userEmail: string, domain: string): boolean {
  return emailDomainOf(userEmail) === domain.toLowerCase();
}

export interface Invitation {
  email: string;
  role: string;
}

export interface InvitationResult {
  /** Users who existed and became members now. */
  addedUserIds: string[];
  /** Addresses without a user, now holding a pending invite (turned into a membership when the user is created). */
  pendingEmails: string[];
}
