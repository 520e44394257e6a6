import { ROLES } from '@quire/access';
import { httpUrl, lengthIn, mergeRulesConfiguration, pageQuery, queryBoolean, resourceId, z } from '@quire/input';
import { trimmedText } from '../params.schema';

// PATCH /orgs/{organizationId}: reference request body of updateOrganizationById, limits of spec §8.
// Lengths count code points (text(), lengthIn()).
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** An e-mail domain as organizations list them in `emailDomains`, lower-case. */
export const emailDomain = z
  .string()
  .superRefine(lengthIn({ min: 1, max: 253 }))
  .refine((d) => DOMAIN.test(d), 'must be a domain name such as example.com')
  .transform((d) => d.toLowerCase());

export const updateOrganizationBody = z
  .object({
    title: trimmedText({ min: 2, max: 255 }),
    emailDomains: z.array(emailDomain).max(100),
    hostname: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, 'must be lower-case letters, digits and inner hyphens')
      .superRefine(lengthIn({ min: 3, max: 32 })),
    defaultRole: z.enum(ROLES).nullable(),
    defaultContent: z
      .object({ type: z.literal('site'), site: resourceId.superRefine(lengthIn({ max: 64 })) })
      .strict()
      .nullable(),
    logo: httpUrl.nullable(),
    sso: z.boolean(),
    ai: z.boolean(),
    inviteLinks: z.boolean(),
    mergeRules: mergeRulesConfiguration,
  })
  .partial()
  .strict();

export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;

// listOrganizationsForAuthenticatedUser: pagination only.
export const listOrganizationsQuery = pageQuery;

// createOrganization (reference CreateOrganization). `onboardingPreferences` only tailors the
// reference's default site: accepted, not kept.
export const createOrganizationBody = z
  .object({
    title: trimmedText({ min: 2, max: 255 }),
    emailDomains: z.array(emailDomain).max(100).default([]),
    onboardingPreferences: z.object({}).passthrough().optional(),
  })
  .strict();

// createOrganization's query: `openapiUrl` (an OpenAPI import for the default site) is accepted and ignored.
export const createOrganizationQuery = z.object({
  withDefaultSite: queryBoolean.optional(),
  openapiUrl: z.string().max(2048).optional(),
});
