import { lengthIn, resourceId, z } from '@quire/input';

// Path parameters of the identity routes (reference parameters organizationId, userId, teamId,
// samlProviderId, inviteId): an id that does not look like one names nothing, so route() answers
// 404 before any query.

export const orgParams = z.object({ organizationId: resourceId });

export const memberParams = orgParams.extend({ userId: resourceId });

export const linkInviteParams = orgParams.extend({ inviteId: resourceId });

export const userParams = z.object({ userId: resourceId });

/** A text trimmed first, then counted in code points (what the reference's minLength/maxLength mean). */
export function trimmedText(limits: { min?: number; max?: number }) {
  return z.string().trim().superRefine(lengthIn(limits));
}
