import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

// The webhooks service's own settings and their one set of defaults (both modes read them from
// the environment; README, Configuration, and docs/webhooks.md list them). The bottom of the
// service: imports nothing of it.

/** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h: about two days from the first attempt to the last. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,24h';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

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

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const webhooksEnvSchema = z.object({
  WEBHOOKS_TIMEOUT_MS: positive(10_000),
  WEBHOOKS_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE)
    .transform((text, ctx) => {
      try {
        return parseRetrySchedule(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  WEBHOOKS_CONCURRENCY_PER_ENDPOINT: positive(4),
  WEBHOOKS_CONCURRENCY_PER_ORGANIZATION: positive(16),
  WEBHOOKS_MAX_IN_FLIGHT: positive(64),
  WEBHOOKS_MAX_PER_ORGANIZATION: positive(50),
  WEBHOOKS_POLL_MS: positive(250),
  WEBHOOKS_RETENTION_DAYS: z.coerce.number().positive().default(30),
});

/** How the delivery worker sends (each field is documented in docs/webhooks.md, Delivery). */
export interface DeliverySettings {
  /** One attempt, connection to last byte (10 s). */
  timeoutMs: number;
  /** Waits after each failed attempt (domain/retry-schedule.ts). */
  retrySchedule: readonly number[];
  /** Attempts in flight per webhook, over every copy. */
  perWebhook: number;
  /** Attempts in flight per organization, over every copy (below `maxInFlight`: others always have room). */
  perOrganization: number;
  /** Attempts in flight in this process. */
  maxInFlight: number;
  /** How often the worker looks for due deliveries when nothing woke it (another copy's, retries). */
  pollMs: number;
}

export interface WebhooksSettings {
  delivery: DeliverySettings;
  /** Creating one more webhook than this in an organization is a 409. */
  maxPerOrganization: number;
  /** Deliveries untouched this long are pruned. */
  retentionMs: number;
}

export function webhooksSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhooksSettings {
  const e = readEnv(webhooksEnvSchema, env);
  return {
    delivery: {
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      retrySchedule: e.WEBHOOKS_RETRY_SCHEDULE,
      perWebhook: e.WEBHOOKS_CONCURRENCY_PER_ENDPOINT,
      perOrganization: e.WEBHOOKS_CONCURRENCY_PER_ORGANIZATION,
      maxInFlight: e.WEBHOOKS_MAX_IN_FLIGHT,
      pollMs: e.WEBHOOKS_POLL_MS,
    },
    maxPerOrganization: e.WEBHOOKS_MAX_PER_ORGANIZATION,
    retentionMs: e.WEBHOOKS_RETENTION_DAYS * 86_400_000,
  };
}
