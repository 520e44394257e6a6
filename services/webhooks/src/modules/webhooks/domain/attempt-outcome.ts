// What one attempt's result means for its delivery and its webhook (docs/webhooks.md, Retries).

/** An attempt's result: the receiver's status, or why there was none. */
export type AttemptResult =
  | { status: number }
  | { error: 'timeout' | 'network' | 'refused' | 'invalid-url'; message: string }
  /** A 2xx whose body was too long to read: delivered all the same, its status kept. */
  | { accepted: 'too-large'; status: number | null; message: string };

/**
 * - `succeeded`: a 2xx;
 * - `retry`: worth another attempt: no answer (network error, timeout, an address refused after DNS,
 *   which DNS may change), 429 or 5xx;
 * - `gone`: 410, the receiver asks for no more: the webhook is disabled;
 * - `failed`: any other answer (3xx: redirects are not followed; 4xx): the same request would fail
 *   again, so it is not retried, and the webhook stays on for other events.
 */
export type AttemptOutcome = 'succeeded' | 'retry' | 'gone' | 'failed';

export function outcomeOf(result: AttemptResult): AttemptOutcome {
  if ('accepted' in result) return 'succeeded';
  if ('error' in result) return result.error === 'invalid-url' ? 'failed' : 'retry';
  const { status } = result;
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}
