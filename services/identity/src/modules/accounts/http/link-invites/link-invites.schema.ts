import { z } from '@quire/input';
import { memberRole } from '../members/members.schema';

const CONTENT_INVITES = 'invite links to a space or collection are not supported; create an organization invite with "role"';

// Body of createOrganizationInvite (reference CreateOrganizationInvite): only its organization form
// (CreateInviteToOrganization) is supported; spaces and collections belong to the content service.
export const createLinkInviteBody = z
  .object({
    // Checked before `role`, so that a content invite hears why rather than "role is required".
    level: z
      .unknown()
      .refine(() => false, CONTENT_INVITES)
      .optional(),
    space: z
      .unknown()
      .refine(() => false, CONTENT_INVITES)
      .optional(),
    collection: z
      .unknown()
      .refine(() => false, CONTENT_INVITES)
      .optional(),
    role: memberRole,
  })
  .strict();

// Body of updateOrganizationInviteById: `role` for an organization invite; `level` is the content
// invites' form, which Quire does not have.
export const updateLinkInviteBody = z
  .object({
    level: z
      .unknown()
      .refine(() => false, 'only invites to a space or collection have a level; set "role"')
      .optional(),
    role: memberRole,
  })
  .strict();
