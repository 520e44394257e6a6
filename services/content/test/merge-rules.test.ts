import { mergeRulesInForce, unmetMergeRules, type MergeFacts, type MergeRule } from '../src/modules/change-requests/domain/merge-rules';

// The pure half of merge rule enforcement (docs/change-requests.md, Merge rules): which rules a
// change request fails, from its reviews, requests and fields.

const facts = (over: Partial<MergeFacts> = {}): MergeFacts => ({
  userId: 'merger',
  createdBy: 'author',
  subject: 'Install guide',
  hasDescription: false,
  revision: 'r2',
  isUpToDate: true,
  reviews: [],
  pendingReviewers: [],
  ...over,
});
const approved = (reviewer: string, revision = 'r2', outdated = false) => ({ reviewer, status: 'approved' as const, revision, outdated });
const changes = (reviewer: string, revision = 'r2', outdated = false) => ({ reviewer, status: 'changes-requested' as const, revision, outdated });

describe('mergeRulesInForce', () => {
  const org = { type: 'rules' as const, rules: [{ rule: 'require_at_least_one_review' as const }] };
  it('takes the organization rules when the space inherits, and the space its own otherwise', () => {
    expect(mergeRulesInForce({ type: 'inherit' }, org)).toEqual(org.rules);
    expect(mergeRulesInForce({ type: 'inherit' }, undefined)).toEqual([]);
    expect(mergeRulesInForce({ type: 'none' }, org)).toEqual([]);
    expect(mergeRulesInForce({ type: 'rules', rules: [{ rule: 'require_change_request_subject' }] }, org)).toEqual([
      { rule: 'require_change_request_subject' },
    ]);
  });
});

describe('unmetMergeRules', () => {
  it.each<[string, MergeRule[], Partial<MergeFacts>, string[]]>([
    ['no review', [{ rule: 'require_at_least_one_review' }], {}, ['require_at_least_one_review']],
    ['any current review', [{ rule: 'require_at_least_one_review' }], { reviews: [changes('a')] }, []],
    [
      'an outdated review does not count',
      [{ rule: 'require_at_least_one_approved_review' }],
      { reviews: [approved('a', 'r1', true)] },
      ['require_at_least_one_approved_review'],
    ],
    ['one approval', [{ rule: 'require_at_least_one_approved_review' }], { reviews: [approved('a'), changes('b')] }, []],
    [
      'all approved, one asks for changes',
      [{ rule: 'require_all_reviews_approved' }],
      { reviews: [approved('a'), changes('b')] },
      ['require_all_reviews_approved'],
    ],
    [
      'all approved, one still pending',
      [{ rule: 'require_all_reviews_approved' }],
      { reviews: [approved('a')], pendingReviewers: ['b'] },
      ['require_all_reviews_approved'],
    ],
    ['all approved', [{ rule: 'require_all_reviews_approved' }], { reviews: [approved('a'), approved('b')] }, []],
    [
      'specific reviewers, one missing',
      [{ rule: 'require_specific_reviewers', users: ['a', 'b'] }],
      { reviews: [approved('a')] },
      ['require_specific_reviewers'],
    ],
    ['one of specific reviewers', [{ rule: 'require_one_of_specific_reviewers', users: ['a', 'b'] }], { reviews: [approved('b')] }, []],
    ['up to date: main moved', [{ rule: 'require_up_to_date_change_request' }], { isUpToDate: false }, ['require_up_to_date_change_request']],
    [
      'up to date: an approval of an older revision does not count',
      [{ rule: 'require_up_to_date_change_request' }, { rule: 'require_at_least_one_approved_review' }],
      { reviews: [approved('a', 'r1')] },
      ['require_at_least_one_approved_review'],
    ],
    ['subject', [{ rule: 'require_change_request_subject' }], { subject: '  ' }, ['require_change_request_subject']],
    ['description', [{ rule: 'require_change_request_description' }], {}, ['require_change_request_description']],
    ['author to merge', [{ rule: 'require_author_to_merge' }], {}, ['require_author_to_merge']],
    ['AI and expressions are not evaluated', [{ rule: 'require_agent_review' }, { rule: 'custom', expression: 'false' }], {}, []],
    ['a bypassing user', [{ rule: 'allow_bypass', users: ['merger'] }, { rule: 'require_at_least_one_review' }], {}, []],
    [
      'bypass is for its users only',
      [{ rule: 'allow_bypass', users: ['other'] }, { rule: 'require_at_least_one_review' }],
      {},
      ['require_at_least_one_review'],
    ],
  ])('%s', (_name, rules, over, unmet) => {
    expect(unmetMergeRules(rules, facts(over))).toEqual(unmet);
  });
});
