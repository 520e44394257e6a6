import { ROLES } from '@quire/access';
import { httpUrl, pageQuery, resourceId, z } from '@quire/input';
import { trimmedText } from '../../accounts';

// Bodies of createOrganizationSAMLProvider / updateOrganizationSAMLProvider (reference), limits of
// spec §8, lengths in code points. The certificate's content and the team's existence are checked
// by the domain (they need the clock and the store).
const fields = {
  label: trimmedText({ min: 1, max: 30 }),
  entityID: trimmedText({ min: 1, max: 1024 }),
  certificate: trimmedText({ min: 1, max: 10000 }),
  ssoURL: httpUrl,
  // null clears the default team (the reference only sends strings; accepting null is the way to unset it).
  defaultTeam: resourceId.nullable(),
  // MemberRoleOrGuest: null makes people who sign in through the provider guests.
  defaultRole: z.enum(ROLES).nullable(),
};

export const createSamlProviderBody = z.object(fields).partial().required({ label: true }).strict();

export const updateSamlProviderBody = z.object(fields).partial().strict();

// listSAMLProvidersInOrganizationById: pagination only.
export const listSamlProvidersQuery = pageQuery;

export type CreateSamlProviderBody = z.infer<typeof createSamlProviderBody>;
export type UpdateSamlProviderBody = z.infer<typeof updateSamlProviderBody>;
