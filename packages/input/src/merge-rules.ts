import { z } from 'zod';
import { resourceId, text } from './validation';

// Reference MergeRule, MergeRulesStandaloneConfiguration and MergeRulesSpaceConfiguration: the one
// schema the organization's (identity) and a space's (content) merge rules are validated with.

const mergeRule = z.union([
  z.object({ rule: z.enum(['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass']), users: z.array(resourceId).max(100) }).strict(),
  z
    .object({
      rule: z.enum([
        'require_at_least_one_review',
        'require_at_least_one_approved_review',
        'require_all_reviews_approved',
        'require_agent_review',
        'require_up_to_date_change_request',
        'require_change_request_subject',
        'require_change_request_description',
        'require_author_to_merge',
      ]),
    })
    .strict(),
  z.object({ rule: z.literal('custom'), expression: text({ min: 1, max: 1024 }), message: text({ max: 1024 }).optional() }).strict(),
]);

/** An organization's merge rules: `none`, or the rules that must all pass. */
export const mergeRulesConfiguration = z.union([
  z.object({ type: z.literal('none') }).strict(),
  z.object({ type: z.literal('rules'), rules: z.array(mergeRule).max(50) }).strict(),
]);

/** A space's merge rules: the organization's (`inherit`), or its own. */
export const spaceMergeRulesConfiguration = z.union([z.object({ type: z.literal('inherit') }).strict(), ...mergeRulesConfiguration.options]);
