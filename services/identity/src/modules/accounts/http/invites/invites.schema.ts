import { lengthIn, z } from '@quire/input';
import { memberRole } from '../members/members.schema';

/** At most this many addresses per request. */
export const MAX_INVITES_PER_REQUEST = 100;

// An address of at most 254 characters (RFC 5321 path limit), counted in code points.
const email = z
  .string()
  .trim()
  .email('must be an e-mail address')
  .superRefine(lengthIn({ max: 254 }))
  .transform((e) => e.toLowerCase());

const invitationWithRole = z.object({ email, role: memberRole }).strict();

// One entry of `emails`: an address, or an address with its own role. Parsed by the entry's type
// (not as a union), so a bad entry is named precisely, e.g. "emails.2.role".
const invitation = z.unknown().transform((value, ctx) => {
  const result = typeof value === 'string' ? email.safeParse(value) : invitationWithRole.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue(issue);
  return z.NEVER;
});

// Body of inviteUsersToOrganization (reference schema InviteUsersToOrganization).
export const inviteUsersBody = z
  .object({
    emails: z
      .array(invitation)
      .min(1)
      .max(MAX_INVITES_PER_REQUEST)
      .superRefine((entries, ctx) => {
        const seen = new Map<string, number>();
        entries.forEach((entry, i) => {
          // Entries that failed to parse reach here too (zod refines dirty values); skip them.
          const address: unknown = typeof entry === 'string' ? entry : entry?.email;
          if (typeof address !== 'string') return;
          const first = seen.get(address);
          if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i], message: `repeats emails.${first} (${address})` });
          else seen.set(address, i);
        });
      }),
    role: memberRole.optional(),
    // SSO members come from a SAML provider's sign-in; an invite cannot make someone one.
    sso: z
      .boolean()
      .refine((sso) => !sso, 'SSO invites are not supported; invite without "sso" (or false)')
      .optional(),
  })
  .strict();
