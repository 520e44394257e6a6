// When a failed delivery is tried again (docs/webhooks.md, Retries). The schedule is the wait after
// each failed attempt: the first attempt is at once, the second 5 s after the first failed, … The
// waits grow roughly exponentially (about ×6 at first, then ×2); each is spread by ±20 % jitter so
// that the deliveries one outage failed together do not all come back in the same second.

/** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h: about two days from the first attempt to the last. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,24h';

const JITTER = 0.2;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** A Retry-After is honoured up to this (a receiver cannot park a delivery for a week). */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** `5s,5m,30m` → [5000, 300000, 1800000]; throws naming the bad entry. */
export function parseRetrySchedule(text: string): number[] {
  const waits = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(part);
      if (!match) throw new Error(`"${part}" is not a duration such as 250ms, 5s, 5m, 2h or 1d`);
      return Math.round(Number(match[1]) * (UNIT_MS[match[2] as string] as number));
    });
  if (waits.length === 0) throw new Error('the retry schedule needs at least one wait');
  return waits;
}

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
