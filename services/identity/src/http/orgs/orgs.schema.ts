import { httpUrl, ROLES, z } from '@quire/common';

// PATCH /orgs/{organizationId}: reference request body of updateOrganizationById, limits of spec §8.
const domain = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name such as example.com')
  .transform((d) => d.toLowerCase());

const mergeRule = z.union([
  z.object({ rule: z.enum(['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass']), users: z.array(z.string()) }).strict(),
  z
    .object({
      rule: z.enum([
        'require_at_least_one_review',
        'require_all_reviews_approved',
        'require_agent_review',
        'require_up_to_date_change_request',
        'require_change_request_subject',
        'require_change_request_description',
      ]),
    })
    .strict(),
  z.object({ rule: z.literal('custom'), expression: z.string().min(1).max(1024) }).strict(),
]);

export const updateOrganizationBody = z
  .object({
    title: z.string().trim().min(2).max(255),
    emailDomains: z.array(domain).max(100),
    hostname: z
      .string()
      .min(3)
      .max(32)
      .regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, 'must be lower-case letters, digits and inner hyphens'),
    defaultRole: z.enum(ROLES).nullable(),
    defaultContent: z
      .object({ type: z.literal('site'), site: z.string().min(1).max(64) })
      .strict()
      .nullable(),
    logo: httpUrl.nullable(),
    sso: z.boolean(),
    ai: z.boolean(),
    inviteLinks: z.boolean(),
    mergeRules: z.union([z.object({ type: z.literal('none') }).strict(), z.object({ type: z.literal('rules'), rules: z.array(mergeRule).max(50) }).strict()]),
  })
  .partial()
  .strict();

export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;
