// Merge rules as stored on a space (and read from the organization): reference MergeRule and
// MergeRulesSpaceConfiguration. Enforced by change requests' merge (docs/change-requests.md).

/** Reference MergeRule, as stored (the space's or the organization's configuration). */
export type MergeRule =
  | { rule: 'require_specific_reviewers' | 'require_one_of_specific_reviewers' | 'allow_bypass'; users: string[] }
  | {
      rule:
        | 'require_at_least_one_review'
        | 'require_at_least_one_approved_review'
        | 'require_all_reviews_approved'
        | 'require_agent_review'
        | 'require_up_to_date_change_request'
        | 'require_change_request_subject'
        | 'require_change_request_description'
        | 'require_author_to_merge';
    }
  | { rule: 'custom'; expression: string; message?: string };

export type MergeRulesConfiguration = { type: 'none' } | { type: 'rules'; rules: MergeRule[] };
export type SpaceMergeRules = { type: 'inherit' } | MergeRulesConfiguration;
