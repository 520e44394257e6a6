import { performance } from 'node:perf_hooks';
import { idleBackoffMs } from '@quire/helpers';
import type { Logger } from '@quire/platform/logger';
import { OutboundError, type OutboundReply, type OutboundRequestOptions } from '@quire/platform/outbound';
import type { SqlDatabase } from '@quire/platform/sql';
import { Counter, Histogram, type Registry } from 'prom-client';
import { outcomeOf, type AttemptResult } from '../domain/attempt-outcome';
import { nextRetryDelay, parseRetryAfter } from '../domain/retry-schedule';
import { openEndpoint } from '../domain/endpoint-credentials';
import { signatureHeaders } from '../domain/signing';
import { DELIVERIES_SIGNAL, signingSecrets } from '../domain/webhook-secrets';
import { cancelPendingDeliveries, claimDueDeliveries, recordAttempt, type AttemptRecord, type ClaimedDelivery } from '../store/deliveries.store';
import { disableWebhook } from '../store/webhooks.store';
import type { DeliverySettings } from '../../../settings';

/** What sends the requests: the common outbound module (address checks after DNS, no redirects here). */
export interface Transport {
  request(url: string, options: OutboundRequestOptions): Promise<OutboundReply>;
}

/** The first bytes of an answer kept with the delivery (`GET …/deliveries/{id}`). */
const RESPONSE_BYTES = 4096;
/** A 2xx body longer than this is not read (the outbound module refuses it); the delivery still succeeded. */
const MAX_READ_BYTES = 64 * 1024;
/** A claim outlives its attempt by this much: only a dead copy's claims expire. */
const LEASE_MARGIN_MS = 30_000;
/** Attempts that end within this of each other share the next claim pass. */
const CLAIM_COALESCE_MS = 5;
/** Opened secrets kept (by sealed value: a rotation seals a new one), so an attempt does not derive a key. */
const OPENED_SECRETS = 10_000;
/**
 * The fallback look on a database whose every commit this process sees (embedded mode): new
 * deliveries signal, and the retries this worker schedules wake it when due, so polling is only a
 * safety net (and picks up retries scheduled before a restart).
 */
export const SOLE_WRITER_POLL_MS = 5000;
/** The longest wait between looks that found nothing due (each empty look doubles it; one that claims sets it back to `pollMs`). */
export const IDLE_POLL_MS = 2000;

export class DeliveryMetrics {
  readonly attempts: Counter<'outcome'>;
  readonly duration: Histogram;

  constructor(registry: Registry) {
    this.attempts = new Counter({
      name: 'quire_webhook_attempts_total',
      help: 'Webhook delivery attempts, by outcome (succeeded, retry, gone, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'quire_webhook_attempt_duration_seconds',
      help: 'Webhook delivery attempt duration, request to answer',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }
}

export interface DeliveryWorkerDeps {
  db: SqlDatabase;
  transport: Transport;
  logger: Logger;
  clock: () => Date;
  metrics: DeliveryMetrics;
  /** INTERNAL_SECRET: opens the sealed signing secrets. */
  serviceSecret: string;
  settings: DeliverySettings;
  random?: () => number;
}

/**
 * Sends due deliveries. Every copy runs one; they share the work through the database only
 * (claimDueDeliveries: SKIP LOCKED, per-webhook limits counted over every copy), so nothing is
 * queued in one process's memory. A commit that scheduled deliveries in this process wakes it at
 * once, and so does a retry it scheduled itself, when due; otherwise it looks `pollMs` after its
 * last look (another copy's events and retries; SOLE_WRITER_POLL_MS when there is no other copy),
 * less often while looks find nothing (up to IDLE_POLL_MS).
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  /** The wait after a look that claimed something, and the wait before the next look. */
  private pollMs = 0;
  private lookMs = 0;
  private passing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private soon: NodeJS.Timeout | null = null;
  /** The earliest retry this worker scheduled, and the timer that wakes it then. */
  private due: { at: number; timer: NodeJS.Timeout } | null = null;
  private readonly opened = new Map<string, string[]>();
  private readonly endpoints = new Map<string, string>();

  constructor(private readonly deps: DeliveryWorkerDeps) {}

  start(): void {
    this.deps.db.onSignal(DELIVERIES_SIGNAL, () => this.wake());
    this.pollMs = this.lookMs = this.deps.db.seesEveryWrite ? Math.max(this.deps.settings.pollMs, SOLE_WRITER_POLL_MS) : this.deps.settings.pollMs;
    this.wake();
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.soon) clearTimeout(this.soon);
    if (this.due) clearTimeout(this.due.timer);
    await this.passing;
    await Promise.all([...this.inFlight]);
  }

  /** After an attempt: a slot is free, but other attempts ending now will want the same pass. */
  private wakeSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.wake();
    }, CLAIM_COALESCE_MS);
  }

  /** Wakes the worker at `at` (a retry it scheduled) unless an earlier wake-up is already set. */
  private wakeAt(at: Date): void {
    if (this.stopped || (this.due && this.due.at <= at.getTime())) return;
    if (this.due) clearTimeout(this.due.timer);
    const timer = setTimeout(
      () => {
        this.due = null;
        this.wake();
      },
      Math.max(0, at.getTime() - this.deps.clock().getTime()),
    );
    timer.unref();
    this.due = { at: at.getTime(), timer };
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.pass()
      .catch((err: Error) => this.deps.logger.warn({ err: err.message }, 'webhook delivery pass failed'))
      .finally(() => {
        this.passing = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.lookLater();
      });
  }

  /** The next look, `lookMs` from now (a pass before then moves it). */
  private lookLater(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.lookMs);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    const { settings, clock } = this.deps;
    const room = settings.maxInFlight - this.inFlight.size;
    if (room <= 0) return;
    const now = clock();
    const claimed = await this.deps.db.transaction((tx) =>
      claimDueDeliveries(tx, {
        now,
        leaseUntil: new Date(now.getTime() + settings.timeoutMs + LEASE_MARGIN_MS),
        perWebhook: settings.perWebhook,
        perOrganization: settings.perOrganization,
        max: room,
      }),
    );
    this.lookMs = idleBackoffMs(this.lookMs, claimed.length > 0, this.pollMs, IDLE_POLL_MS);
    for (const delivery of claimed) {
      const attempt: Promise<void> = this.attempt(delivery)
        .catch((err: Error) => this.deps.logger.error({ err: err.message, deliveryId: delivery.id }, 'webhook delivery attempt could not be recorded'))
        .finally(() => {
          this.inFlight.delete(attempt);
          this.wakeSoon();
        });
      this.inFlight.add(attempt);
    }
  }

  /** The secrets that sign now (webhooks.ts, signingSecrets), opened once per sealed value. */
  private secretsOf(delivery: Secrets, at: Date): string[] {
    const inGrace = delivery.previousSecretSealed !== null && delivery.previousSecretExpiresAt !== null && delivery.previousSecretExpiresAt > at;
    const key = inGrace ? `${delivery.secretSealed} ${delivery.previousSecretSealed}` : delivery.secretSealed;
    let secrets = this.opened.get(key);
    if (!secrets) {
      secrets = signingSecrets(this.deps.serviceSecret, delivery, at);
      if (this.opened.size >= OPENED_SECRETS) this.opened.clear();
      this.opened.set(key, secrets);
    }
    return secrets;
  }

  /** The URL with its credentials put back (the outbound module sends them as Basic authorization), opened once per sealed value. */
  private endpointOf(delivery: ClaimedDelivery): string {
    if (delivery.credentialsSealed === null) return delivery.url;
    const key = `${delivery.url} ${delivery.credentialsSealed}`;
    let url = this.endpoints.get(key);
    if (!url) {
      url = openEndpoint(this.deps.serviceSecret, delivery.url, delivery.credentialsSealed);
      if (this.endpoints.size >= OPENED_SECRETS) this.endpoints.clear();
      this.endpoints.set(key, url);
    }
    return url;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { db, clock, settings, logger } = this.deps;
    const webhook = { id: delivery.webhookId, url: this.endpointOf(delivery) };
    const attemptedAt = clock();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Quire-Webhooks/1.0',
      ...signatureHeaders(this.secretsOf(delivery, attemptedAt), delivery.eventId, attemptedAt, delivery.payload),
    };
    const started = performance.now();
    let result: AttemptResult;
    let response: string | null = null;
    let retryAfterMs: number | null = null;
    try {
      const answer = await this.deps.transport.request(webhook.url, {
        method: 'POST',
        headers,
        body: Buffer.from(delivery.payload),
        timeoutMs: settings.timeoutMs,
        maxBytes: MAX_READ_BYTES,
        followRedirects: false,
      });
      result = { status: answer.status };
      response = answer.body.subarray(0, RESPONSE_BYTES).toString('utf8');
      retryAfterMs = parseRetryAfter(answer.headers['retry-after'], clock());
    } catch (err) {
      result = attemptError(err);
      if ('accepted' in result) response = result.message;
    }
    const durationMs = Math.round(performance.now() - started);
    const outcome = outcomeOf(result);
    this.deps.metrics.attempts.inc({ outcome });
    this.deps.metrics.duration.observe(durationMs / 1000);

    const error = 'error' in result ? result.message : outcome === 'succeeded' ? null : `the endpoint answered ${'status' in result ? result.status : '?'}`;
    const record: AttemptRecord = {
      deliveryId: delivery.id,
      attempt: delivery.attempt,
      attemptedAt,
      statusCode: 'status' in result ? result.status : null,
      error,
      durationMs,
      response,
      state: outcome === 'succeeded' ? 'succeeded' : 'failed',
      failures: delivery.failures,
      nextAttemptAt: null,
    };
    let disabledFor: string | null = null;
    if (outcome === 'gone') disabledFor = `the endpoint answered 410 Gone (delivery ${delivery.id})`;
    if (outcome === 'retry') {
      record.failures += 1;
      const wait = nextRetryDelay(settings.retrySchedule, record.failures, (this.deps.random ?? Math.random)(), retryAfterMs);
      if (wait === null) disabledFor = `all ${delivery.attempt} attempts of delivery ${delivery.id} failed (last: ${error})`;
      else Object.assign(record, { state: 'pending', nextAttemptAt: new Date(clock().getTime() + wait) });
    }
    if (!disabledFor) {
      await recordAttempt(db, record);
      if (record.nextAttemptAt) this.wakeAt(record.nextAttemptAt);
    } else {
      await db.transaction(async (tx) => {
        await recordAttempt(tx, record);
        if (await disableWebhook(tx, webhook.id, disabledFor, clock())) await cancelPendingDeliveries(tx, webhook.id, 'webhook disabled', clock());
      });
    }
    const fields = { webhookId: webhook.id, deliveryId: delivery.id, eventId: delivery.eventId, attempt: delivery.attempt, outcome, durationMs };
    if (disabledFor) logger.warn({ ...fields, reason: disabledFor }, 'webhook disabled');
    else if (outcome !== 'succeeded') logger.info({ ...fields, error, nextAttemptAt: record.nextAttemptAt }, 'webhook delivery attempt failed');
    else logger.debug(fields, 'webhook delivered');
  }
}

export interface Secrets {
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

function attemptError(err: unknown): AttemptResult {
  // Only a 2xx body is refused for its size: the receiver took the event.
  if (err instanceof OutboundError && err.kind === 'too-large')
    return { accepted: 'too-large', status: err.status ?? null, message: `a ${err.status ?? '2xx'} answer longer than ${MAX_READ_BYTES} bytes (not kept)` };
  if (err instanceof OutboundError) {
    const kind = err.kind === 'timeout' || err.kind === 'refused' || err.kind === 'invalid-url' ? err.kind : 'network';
    return { error: kind, message: err.message };
  }
  return { error: 'network', message: err instanceof Error ? err.message : String(err) };
}
