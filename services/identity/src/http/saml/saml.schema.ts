import { httpUrl, ROLES, z } from '@quire/common';

// Bodies of createOrganizationSAMLProvider / updateOrganizationSAMLProvider (reference), limits of spec §8.
// The certificate's content and the team's existence are checked by the domain (they need the clock and the store).
const fields = {
  label: z.string().trim().min(1).max(30),
  entityID: z.string().max(1024).trim().min(1),
  certificate: z.string().max(10000).trim().min(1),
  ssoURL: httpUrl,
  // null clears the default team (the reference only sends strings; accepting null is the way to unset it).
  defaultTeam: z.string().min(1).max(64).nullable(),
  // MemberRoleOrGuest: null makes people who sign in through the provider guests.
  defaultRole: z.enum(ROLES).nullable(),
};

export const createSamlProviderBody = z.object(fields).partial().required({ label: true }).strict();

export const updateSamlProviderBody = z.object(fields).partial().strict();

export type CreateSamlProviderBody = z.infer<typeof createSamlProviderBody>;
export type UpdateSamlProviderBody = z.infer<typeof updateSamlProviderBody>;
