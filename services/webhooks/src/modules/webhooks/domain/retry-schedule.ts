// When a failed delivery is tried again (docs/webhooks.md, Retries). The schedule is the wait after
// each failed attempt: the first attempt is at once, the second 5 s after the first failed, … The
// waits grow roughly exponentially (about ×6 at first, then ×2); each is spread by ±20 % jitter so
// that the deliveries one outage failed together do not all come back in the same second. The
// schedule itself is a setting (settings.ts, WEBHOOKS_RETRY_SCHEDULE).

const JITTER = 0.2;
/** A Retry-After is honoured up to this (a receiver cannot park a delivery for a week). */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * The wait before the next attempt after `failures` failed ones (1 = the first failed), or null
 * when the schedule is spent. `random` in [0, 1) spreads it by ±20 %; a Retry-After the receiver
 * sent (ms) is honoured when longer, up to a day.
 */
export function nextRetryDelay(schedule: readonly number[], failures: number, random: number, retryAfterMs: number | null = null): number | null {
  const wait = schedule[failures - 1];
  if (wait === undefined) return null;
  const jittered = Math.round(wait * (1 - JITTER + 2 * JITTER * random));
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/** A Retry-After header (seconds, or an HTTP date) in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
