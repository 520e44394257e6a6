// Regular expressions whose matching time can grow faster than their input (one
// base64 field with `[…\s]*` and `\s*` sharing a run of spaces stalled the whole process for
// minutes). eslint-plugin-regexp proves the shapes; these rules are errors on the whole tree.
import regexp from 'eslint-plugin-regexp';

const everywhere = {
  // Two quantifiers that can trade the same characters: polynomial or exponential backtracking.
  'regexp/no-super-linear-backtracking': ['error', { report: 'certain' }],
  // Alternatives that match the same text: exponential backtracking under a quantifier.
  'regexp/no-dupe-disjunctions': ['error', { report: 'interesting' }],
  // A capturing group whose quantifier gives characters away to a neighbour: the capture is not
  // what it reads as, and the trade is the same backtracking.
  'regexp/no-misleading-capturing-group': 'error',
  'regexp/no-optional-assertion': 'error',
  'regexp/no-useless-backreference': 'error',
  'regexp/no-potentially-useless-backreference': 'error',
  'regexp/no-empty-alternative': 'error',
  'regexp/no-invalid-regexp': 'error',
};

/**
 * An unanchored search (`replace`, `exec`, `test` without `^`) restarts at every position, so a
 * quantifier at its start costs the input's length squared on a rejecting suffix. Held where
 * request data meets a pattern first: the input layer and the routes of every service and the
 * gateway. Elsewhere inputs reach patterns already bounded by those schemas (a URL of 2,048
 * characters, a line of a table of contents), where the square stays small.
 */
const requestFacing = {
  'regexp/no-super-linear-move': 'error',
};

export default [
  { files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'], plugins: { regexp }, rules: everywhere },
  {
    files: ['services/*/src/modules/*/http/**/*.ts', 'packages/input/src/validation.ts', 'gateway/src/**/*.ts'],
    rules: requestFacing,
  },
];
