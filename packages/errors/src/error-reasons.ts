/**
 * Why an error happened, for a caller in another service to act on. The status code says what kind
 * of failure it is; the reason tells apart failures of one code that a caller treats differently
 * (a revision replaced since the caller resolved it is retried, another 404 is not). Messages are
 * for people and may change: callers branch on code and reason, never on the text.
 */
export const ERROR_REASONS = [
  /** The revision asked for is not (or no longer) the one the caller may read: resolve it again. */
  'revision-not-found',
  /** Site search refused the query: the searcher's page says why instead of failing. */
  'search-query-refused',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_REASONS);

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && KNOWN.has(value);
}
