// Merge rules (reference: MergeRule, MergeRulesSpaceConfiguration): which ones a change request
// fails right now. Pure: the merge use case loads the facts and refuses when the list is not empty.
import type { MergeRule, MergeRulesConfiguration, SpaceMergeRules } from '../../spaces';

export type { MergeRule, MergeRulesConfiguration, SpaceMergeRules };

/** The rules in force: the space's own, or the organization's when the space inherits. */
export function mergeRulesInForce(space: SpaceMergeRules, organization: MergeRulesConfiguration | undefined): MergeRule[] {
  const config = space.type === 'inherit' ? organization : space;
  return config?.type === 'rules' ? config.rules : [];
}

/** A review as the rules read it. */
export interface ReviewFact {
  reviewer: string;
  status: 'approved' | 'changes-requested';
  revision: string;
  outdated: boolean;
}

/** What the rules are evaluated against. */
export interface MergeFacts {
  /** Who asks to merge. */
  userId: string;
  createdBy: string;
  subject: string;
  hasDescription: boolean;
  /** The change request's head revision. */
  revision: string;
  /** Main did not move since the change request's base. */
  isUpToDate: boolean;
  reviews: readonly ReviewFact[];
  /** Reviewers asked who did not answer yet. */
  pendingReviewers: readonly string[];
}

// Rules GitBook evaluates with its AI agent or its expression language: Quire has neither, so
// they never block (docs/change-requests.md, Merge rules).
const NOT_EVALUATED = new Set(['require_agent_review', 'custom']);

/**
 * The ids of the rules that do not pass, in the configuration's order; empty when the change
 * request may merge. A reviewer's current review is their one review that is not outdated; under
 * `require_up_to_date_change_request` only reviews of the change request's head revision count.
 * A user listed by `allow_bypass` merges whatever the other rules say.
 */
export function unmetMergeRules(rules: readonly MergeRule[], facts: MergeFacts): string[] {
  const bypass = rules.find((r) => r.rule === 'allow_bypass');
  if (bypass && 'users' in bypass && bypass.users.includes(facts.userId)) return [];
  const strict = rules.some((r) => r.rule === 'require_up_to_date_change_request');
  const current = facts.reviews.filter((r) => !r.outdated && (!strict || r.revision === facts.revision));
  const approvedBy = new Set(current.filter((r) => r.status === 'approved').map((r) => r.reviewer));
  const unmet = rules.filter((rule) => !NOT_EVALUATED.has(rule.rule) && !passes(rule, facts, current, approvedBy)).map((r) => r.rule);
  return [...new Set(unmet)];
}

function passes(rule: MergeRule, facts: MergeFacts, current: readonly ReviewFact[], approvedBy: ReadonlySet<string>): boolean {
  switch (rule.rule) {
    case 'require_at_least_one_review':
      return current.length > 0;
    case 'require_at_least_one_approved_review':
      return approvedBy.size > 0;
    case 'require_all_reviews_approved':
      return current.length > 0 && current.every((r) => r.status === 'approved') && facts.pendingReviewers.length === 0;
    case 'require_specific_reviewers':
      return rule.users.every((u) => approvedBy.has(u));
    case 'require_one_of_specific_reviewers':
      return rule.users.some((u) => approvedBy.has(u));
    case 'require_up_to_date_change_request':
      return facts.isUpToDate;
    case 'require_change_request_subject':
      return facts.subject.trim().length > 0;
    case 'require_change_request_description':
      return facts.hasDescription;
    case 'require_author_to_merge':
      return facts.userId === facts.createdBy;
    default:
      return true;
  }
}
