import { outcomeOf } from '../src/modules/webhooks/domain/attempt-outcome';
import { MAX_RETRY_AFTER_MS, nextRetryDelay, parseRetryAfter } from '../src/modules/webhooks/domain/retry-schedule';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '../src/settings';

describe('retry schedule', () => {
  it('reads the default: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h', () => {
    expect(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000]);
    expect(parseRetrySchedule('100ms, 1.5s,1d')).toEqual([100, 1500, 86_400_000]);
  });

  it('refuses what is not a list of durations, naming the entry', () => {
    expect(() => parseRetrySchedule('5s,soon')).toThrow(/"soon"/);
    expect(() => parseRetrySchedule('')).toThrow(/at least one/);
    expect(() => parseRetrySchedule('5')).toThrow(/"5"/);
  });

  it('waits the n-th entry after the n-th failure, spread by ±20 %, and stops when spent', () => {
    const schedule = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);
    expect(nextRetryDelay(schedule, 1, 0.5)).toBe(5_000);
    expect(nextRetryDelay(schedule, 1, 0)).toBe(4_000);
    expect(nextRetryDelay(schedule, 1, 0.999999)).toBe(6_000);
    expect(nextRetryDelay(schedule, 2, 0.5)).toBe(300_000);
    expect(nextRetryDelay(schedule, 7, 0.5)).toBe(86_400_000);
    expect(nextRetryDelay(schedule, 8, 0.5)).toBeNull();
    for (let failures = 1; failures < schedule.length; failures++) {
      expect(nextRetryDelay(schedule, failures + 1, 0)!).toBeGreaterThan(nextRetryDelay(schedule, failures, 0.999)!);
    }
  });

  it('honours a longer Retry-After, up to a day', () => {
    const schedule = [5_000];
    expect(nextRetryDelay(schedule, 1, 0.5, 60_000)).toBe(60_000);
    expect(nextRetryDelay(schedule, 1, 0.5, 1_000)).toBe(5_000);
    expect(nextRetryDelay(schedule, 1, 0.5, 10 * MAX_RETRY_AFTER_MS)).toBe(MAX_RETRY_AFTER_MS);
    const now = new Date('2026-11-27T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('later', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('attempt outcomes', () => {
  it('retries network errors, timeouts, 429 and 5xx; 410 is gone; other answers fail without retry', () => {
    expect(outcomeOf({ status: 200 })).toBe('succeeded');
    expect(outcomeOf({ status: 204 })).toBe('succeeded');
    expect(outcomeOf({ status: 500 })).toBe('retry');
    expect(outcomeOf({ status: 503 })).toBe('retry');
    expect(outcomeOf({ status: 429 })).toBe('retry');
    expect(outcomeOf({ error: 'timeout', message: 'no answer' })).toBe('retry');
    expect(outcomeOf({ error: 'network', message: 'ECONNREFUSED' })).toBe('retry');
    expect(outcomeOf({ status: 410 })).toBe('gone');
    expect(outcomeOf({ status: 302 })).toBe('failed');
    expect(outcomeOf({ status: 400 })).toBe('failed');
    expect(outcomeOf({ status: 404 })).toBe('failed');
  });
});
