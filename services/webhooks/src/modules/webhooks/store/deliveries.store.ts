import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Delivery, DeliveryAttempt, DeliveryState } from '../model/delivery';

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  state: DeliveryState;
  attempts: number;
  failures: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  last_attempt_at: Date | null;
  last_response: string | null;
  created_at: Date;
  updated_at: Date;
}

function deliveryOf(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    state: row.state,
    attempts: row.attempts,
    failures: row.failures,
    nextAttemptAt: row.next_attempt_at,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastDurationMs: row.last_duration_ms,
    lastAttemptAt: row.last_attempt_at,
    lastResponse: row.last_response,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
}

/** Schedules deliveries due at once; one already there for the same webhook and event is left as it is. */
export async function insertDeliveries(db: SqlExecutor, deliveries: NewDelivery[], now: Date): Promise<number> {
  if (deliveries.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, payload, next_attempt_at, created_at, updated_at)
     SELECT id, webhook_id, event_id, event_type, payload, $6, $6, $6
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS d (id, webhook_id, event_id, event_type, payload)
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [
      deliveries.map((d) => d.id),
      deliveries.map((d) => d.webhookId),
      deliveries.map((d) => d.eventId),
      deliveries.map((d) => d.eventType),
      deliveries.map((d) => d.payload),
      now,
    ],
  );
  return rowCount;
}

export async function insertDelivery(db: SqlExecutor, delivery: NewDelivery, now: Date): Promise<Delivery> {
  const row = await insertedRow<DeliveryRow>(
    db,
    `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, payload, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $6) RETURNING *`,
    [delivery.id, delivery.webhookId, delivery.eventId, delivery.eventType, delivery.payload, now],
  );
  return deliveryOf(row);
}

export async function listDeliveries(db: SqlExecutor, webhookId: string, page: PageRequest): Promise<Paged<Delivery>> {
  const { rows, total } = await pagedRows<DeliveryRow>(
    db,
    { select: '*', from: 'FROM webhook_deliveries WHERE webhook_id = $1', orderBy: 'created_at DESC, id DESC', params: [webhookId] },
    page,
  );
  return { rows: rows.map(deliveryOf), total };
}

export async function findDelivery(db: SqlExecutor, webhookId: string, id: string): Promise<Delivery | null> {
  const row = await queryOne<DeliveryRow>(db, 'SELECT * FROM webhook_deliveries WHERE webhook_id = $1 AND id = $2', [webhookId, id]);
  return row && deliveryOf(row);
}

export async function attemptsOf(db: SqlExecutor, deliveryId: string): Promise<DeliveryAttempt[]> {
  return queryRows<DeliveryAttempt>(
    db,
    `SELECT attempt, attempted_at AS "attemptedAt", status_code AS "statusCode", error, duration_ms AS "durationMs"
     FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt`,
    [deliveryId],
  );
}

/** A delivery claimed by a worker: what to send, where (its webhook as claimed), and which attempt this is. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  organizationId: string;
  eventId: string;
  eventType: string;
  payload: string;
  attempt: number;
  failures: number;
  /** Without credentials: `credentialsSealed` holds them (domain/endpoint-credentials.ts). */
  url: string;
  credentialsSealed: string | null;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  /** Attempts in flight per webhook, over every copy. */
  perWebhook: number;
  /** Attempts in flight per organization, over every copy. */
  perOrganization: number;
  /** Deliveries this pass may take (the worker's free slots). */
  max: number;
}

/** The second key of the advisory locks that serialize claims for one organization. */
const ORGANIZATION_CLAIM_LOCK = 7_240_117;

/**
 * Claims due deliveries for one worker pass, in one transaction (`tx`), sharing the slots fairly:
 * 1. the webhooks with due work and a free slot (fewer than `perWebhook` attempts in flight, their
 *    organization fewer than `perOrganization`) are taken in turns — every organization's
 *    longest-waiting webhook, then every organization's second, … — and locked `FOR NO KEY UPDATE
 *    SKIP LOCKED`: a webhook another copy is claiming for is skipped, never waited for; NO KEY
 *    leaves the consumers' inserts (which take KEY SHARE through the foreign key) unblocked;
 * 2. their organizations are locked with a transaction advisory lock, tried (another copy claiming
 *    for one skips it this pass), so in-flight counts per organization hold over every copy;
 * 3. per webhook, its oldest due deliveries up to its free slots; per organization, up to its free
 *    slots, in turns over its webhooks; then in turns over organizations, up to `max`.
 * A claimed delivery is `delivering` until `leaseUntil`: a copy that dies mid-attempt leaves it to be
 * claimed again after the lease. So one slow endpoint holds at most `perWebhook` slots, one
 * organization's endpoints at most `perOrganization`, and no backlog stands before another
 * endpoint's or organization's deliveries.
 */
export async function claimDueDeliveries(tx: SqlExecutor, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const due = `d.next_attempt_at <= $2 AND (d.state = 'pending' OR (d.state = 'delivering' AND d.locked_until <= $2))`;
  const inFlight = `d.state = 'delivering' AND d.locked_until > $2`;
  const webhooks = await queryRows<{ id: string; organizationId: string }>(
    tx,
    `WITH busy AS (
       SELECT d.webhook_id, w.organization_id, count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE ${inFlight} GROUP BY d.webhook_id, w.organization_id
     ), busy_orgs AS (
       SELECT organization_id FROM busy GROUP BY organization_id HAVING sum(n) >= $4
     ), waiting AS (
       SELECT w.id, w.organization_id,
         (SELECT min(d.next_attempt_at) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND ${due}) AS since
       FROM webhooks w
       WHERE w.active AND w.disabled_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM busy_orgs o WHERE o.organization_id = w.organization_id)
         AND NOT EXISTS (SELECT 1 FROM busy b WHERE b.webhook_id = w.id AND b.n >= $3)
     ), turns AS (
       -- Longest waiting first within an organization; organizations take turns.
       SELECT id, since, row_number() OVER (PARTITION BY organization_id ORDER BY since, id) AS turn FROM waiting WHERE since IS NOT NULL
     )
     SELECT w.id, w.organization_id AS "organizationId" FROM webhooks w JOIN turns t ON t.id = w.id
     ORDER BY t.turn, t.since, w.id
     LIMIT $1 FOR NO KEY UPDATE OF w SKIP LOCKED`,
    [options.max, options.now, options.perWebhook, options.perOrganization],
  );
  if (webhooks.length === 0) return [];
  const organizations = await queryRows<{ id: string }>(
    tx,
    `SELECT o.id FROM unnest($1::text[]) AS o (id) WHERE pg_try_advisory_xact_lock(${ORGANIZATION_CLAIM_LOCK}, hashtext(o.id))`,
    [[...new Set(webhooks.map((w) => w.organizationId))]],
  );
  const locked = new Set(organizations.map((o) => o.id));
  const claimable = webhooks.filter((w) => locked.has(w.organizationId)).map((w) => w.id);
  if (claimable.length === 0) return [];
  return queryRows<ClaimedDelivery>(
    tx,
    // Counted after the organizations' locks: every claim committed before is seen.
    `WITH hooks AS (
       SELECT w.id, w.organization_id FROM webhooks w WHERE w.id = ANY($1)
     ), webhook_busy AS (
       SELECT d.webhook_id, count(*)::int AS n FROM webhook_deliveries d WHERE d.webhook_id = ANY($1) AND ${inFlight} GROUP BY d.webhook_id
     ), org_busy AS (
       SELECT w.organization_id, count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE w.organization_id IN (SELECT organization_id FROM hooks) AND ${inFlight} GROUP BY w.organization_id
     ), candidates AS (
       -- Per webhook, its oldest due deliveries up to its free slots (an index range each, however long its backlog).
       SELECT c.id, c.next_attempt_at, c.n, h.organization_id FROM hooks h
       LEFT JOIN webhook_busy b ON b.webhook_id = h.id
       CROSS JOIN LATERAL (
         SELECT d.id, d.next_attempt_at, row_number() OVER (ORDER BY d.next_attempt_at, d.id) AS n FROM webhook_deliveries d
         WHERE d.webhook_id = h.id AND ${due} ORDER BY d.next_attempt_at, d.id LIMIT greatest($4 - coalesce(b.n, 0), 0)
       ) c
     ), turns AS (
       -- Per organization, its webhooks in turns, up to its free slots.
       SELECT c.id, c.next_attempt_at, c.organization_id,
         row_number() OVER (PARTITION BY c.organization_id ORDER BY c.n, c.next_attempt_at, c.id) AS turn
       FROM candidates c
     ), picked AS (
       SELECT t.id FROM turns t LEFT JOIN org_busy o ON o.organization_id = t.organization_id
       WHERE t.turn <= $5 - coalesce(o.n, 0)
       ORDER BY t.turn, t.next_attempt_at, t.id LIMIT $6
     )
     UPDATE webhook_deliveries d SET state = 'delivering', locked_until = $3, attempts = d.attempts + 1, updated_at = $2
     FROM picked p, webhooks w WHERE d.id = p.id AND w.id = d.webhook_id
     RETURNING d.id, d.webhook_id AS "webhookId", w.organization_id AS "organizationId", d.event_id AS "eventId", d.event_type AS "eventType",
       d.payload, d.attempts AS attempt, d.failures, w.url, w.url_credentials_sealed AS "credentialsSealed", w.secret_sealed AS "secretSealed",
       w.previous_secret_sealed AS "previousSecretSealed", w.previous_secret_expires_at AS "previousSecretExpiresAt"`,
    [claimable, options.now, options.leaseUntil, options.perWebhook, options.perOrganization, options.max],
  );
}

/** What an attempt ended as, written with its log line. */
export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  response: string | null;
  /** The delivery's new state: `pending` with `nextAttemptAt` for a retry. */
  state: Exclude<DeliveryState, 'delivering'>;
  failures: number;
  nextAttemptAt: Date | null;
}

/**
 * Logs the attempt and moves its delivery on, in one statement, unless the delivery is no longer
 * this attempt's (its lease ran out and another pass claimed it again): then only the log line is
 * written. Nothing when the delivery is gone meanwhile (its webhook deleted during the attempt).
 */
export async function recordAttempt(db: SqlExecutor, record: AttemptRecord): Promise<void> {
  await db.query(
    `WITH logged AS (
       INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms)
       SELECT id, $2::int, $9::timestamptz, $6::int, $7::text, $8::int FROM webhook_deliveries WHERE id = $1 ON CONFLICT DO NOTHING
     )
     UPDATE webhook_deliveries SET state = $3, failures = $4, next_attempt_at = $5, locked_until = NULL, last_status_code = $6,
       last_error = $7, last_duration_ms = $8, last_attempt_at = $9, last_response = $10, updated_at = $9
     WHERE id = $1 AND attempts = $2 AND state = 'delivering'`,
    [
      record.deliveryId,
      record.attempt,
      record.state,
      record.failures,
      record.nextAttemptAt,
      record.statusCode,
      record.error,
      record.durationMs,
      record.attemptedAt,
      record.response,
    ],
  );
}

/** Ends a disabled webhook's scheduled deliveries (an admin may redeliver them once it is on again). */
export async function cancelPendingDeliveries(db: SqlExecutor, webhookId: string, reason: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, last_error = coalesce(last_error || '; ', '') || $2, updated_at = $3
     WHERE webhook_id = $1 AND state = 'pending'`,
    [webhookId, reason, now],
  );
}

/**
 * Schedules a delivery again at once, with a fresh retry schedule; null when it is not the
 * webhook's, or when an attempt is in flight (then it is already being delivered).
 */
export async function rescheduleDelivery(db: SqlExecutor, webhookId: string, id: string, now: Date): Promise<Delivery | null> {
  const row = await queryOne<DeliveryRow>(
    db,
    `UPDATE webhook_deliveries SET state = 'pending', failures = 0, next_attempt_at = $3, locked_until = NULL, updated_at = $3
     WHERE webhook_id = $1 AND id = $2 AND state <> 'delivering' RETURNING *`,
    [webhookId, id, now],
  );
  return row && deliveryOf(row);
}

/** Deletes up to `batch` deliveries (and their attempts) last changed before `before`; none in flight. */
export async function pruneDeliveries(db: SqlExecutor, before: Date, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE updated_at < $1 AND state <> 'delivering' LIMIT $2
     )`,
    [before, batch],
  );
  return rowCount;
}
