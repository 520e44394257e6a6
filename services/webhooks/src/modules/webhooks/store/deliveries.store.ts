import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, WebhookDeliveriesTable } from '../../../database';
import type { Delivery, DeliveryAttempt, DeliveryState } from '../model/delivery';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function deliveryOf(row: Selectable<WebhookDeliveriesTable>): Delivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    // Only this store writes the column, and only DeliveryState values.
    state: row.state as DeliveryState,
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

/**
 * Schedules deliveries due at once; one already there for the same webhook and event is left as it is.
 * One statement of five array parameters, however many deliveries (a batch of bus events times the
 * webhooks that receive them): a VALUES list would take eight parameters a row, past Postgres' limit.
 */
export async function insertDeliveries(db: SqlExecutor, deliveries: NewDelivery[], now: Date): Promise<number> {
  if (deliveries.length === 0) return 0;
  const column = (of: (d: NewDelivery) => string) => deliveries.map(of);
  const { numAffectedRows } = await sql`INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, payload, next_attempt_at, created_at, updated_at)
    SELECT id, webhook_id, event_id, event_type, payload, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${column((d) => d.id)}::text[], ${column((d) => d.webhookId)}::text[], ${column((d) => d.eventId)}::text[],
      ${column((d) => d.eventType)}::text[], ${column((d) => d.payload)}::text[]) AS d (id, webhook_id, event_id, event_type, payload)
    ON CONFLICT (webhook_id, event_id) DO NOTHING`.execute(table(db));
  return Number(numAffectedRows ?? 0n);
}

export async function insertDelivery(db: SqlExecutor, delivery: NewDelivery, now: Date): Promise<Delivery> {
  const row = await table(db)
    .insertInto('webhook_deliveries')
    .values({
      id: delivery.id,
      webhook_id: delivery.webhookId,
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      payload: delivery.payload,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return deliveryOf(row);
}

export async function listDeliveryRows(db: SqlExecutor, webhookId: string, page: PageRequest): Promise<Paged<Delivery>> {
  const { rows, total } = await pagedSelect(
    table(db).selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return { rows: rows.map(deliveryOf), total };
}

export async function findDelivery(db: SqlExecutor, webhookId: string, id: string): Promise<Delivery | null> {
  const row = await table(db).selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('id', '=', id).executeTakeFirst();
  return row ? deliveryOf(row) : null;
}

export async function attemptsOf(db: SqlExecutor, deliveryId: string): Promise<DeliveryAttempt[]> {
  return table(db)
    .selectFrom('webhook_delivery_attempts')
    .select(['attempt', 'attempted_at as attemptedAt', 'status_code as statusCode', 'error', 'duration_ms as durationMs'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt')
    .execute();
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
  const { now } = options;
  const due = sql`d.next_attempt_at <= ${now} AND (d.state = 'pending' OR (d.state = 'delivering' AND d.locked_until <= ${now}))`;
  const inFlight = sql`d.state = 'delivering' AND d.locked_until > ${now}`;
  // Window functions, LATERAL and UPDATE … FROM: Postgres SQL, typed at the call.
  const { rows: webhooks } = await sql<{ id: string; organizationId: string }>`
    WITH busy AS (
      SELECT d.webhook_id, w.organization_id, count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
      WHERE ${inFlight} GROUP BY d.webhook_id, w.organization_id
    ), busy_orgs AS (
      SELECT organization_id FROM busy GROUP BY organization_id HAVING sum(n) >= ${options.perOrganization}
    ), waiting AS (
      SELECT w.id, w.organization_id,
        (SELECT min(d.next_attempt_at) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND ${due}) AS since
      FROM webhooks w
      WHERE w.active AND w.disabled_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM busy_orgs o WHERE o.organization_id = w.organization_id)
        AND NOT EXISTS (SELECT 1 FROM busy b WHERE b.webhook_id = w.id AND b.n >= ${options.perWebhook})
    ), turns AS (
      -- Longest waiting first within an organization; organizations take turns.
      SELECT id, since, row_number() OVER (PARTITION BY organization_id ORDER BY since, id) AS turn FROM waiting WHERE since IS NOT NULL
    )
    SELECT w.id, w.organization_id AS "organizationId" FROM webhooks w JOIN turns t ON t.id = w.id
    ORDER BY t.turn, t.since, w.id
    LIMIT ${options.max} FOR NO KEY UPDATE OF w SKIP LOCKED`.execute(table(tx));
  if (webhooks.length === 0) return [];
  const { rows: organizations } = await sql<{ id: string }>`
    SELECT o.id FROM unnest(${[...new Set(webhooks.map((w) => w.organizationId))]}::text[]) AS o (id)
    WHERE pg_try_advisory_xact_lock(${sql.lit(ORGANIZATION_CLAIM_LOCK)}, hashtext(o.id))`.execute(table(tx));
  const locked = new Set(organizations.map((o) => o.id));
  const claimable = webhooks.filter((w) => locked.has(w.organizationId)).map((w) => w.id);
  if (claimable.length === 0) return [];
  // Counted after the organizations' locks: every claim committed before is seen.
  const { rows } = await sql<ClaimedDelivery>`
    WITH hooks AS (
      SELECT w.id, w.organization_id FROM webhooks w WHERE w.id = ANY(${claimable})
    ), webhook_busy AS (
      SELECT d.webhook_id, count(*)::int AS n FROM webhook_deliveries d WHERE d.webhook_id = ANY(${claimable}) AND ${inFlight} GROUP BY d.webhook_id
    ), org_busy AS (
      SELECT w.organization_id, count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
      WHERE w.organization_id IN (SELECT organization_id FROM hooks) AND ${inFlight} GROUP BY w.organization_id
    ), candidates AS (
      -- Per webhook, its oldest due deliveries up to its free slots (an index range each, however long its backlog).
      SELECT c.id, c.next_attempt_at, c.n, h.organization_id FROM hooks h
      LEFT JOIN webhook_busy b ON b.webhook_id = h.id
      CROSS JOIN LATERAL (
        SELECT d.id, d.next_attempt_at, row_number() OVER (ORDER BY d.next_attempt_at, d.id) AS n FROM webhook_deliveries d
        WHERE d.webhook_id = h.id AND ${due} ORDER BY d.next_attempt_at, d.id LIMIT greatest(${options.perWebhook} - coalesce(b.n, 0), 0)
      ) c
    ), turns AS (
      -- Per organization, its webhooks in turns, up to its free slots.
      SELECT c.id, c.next_attempt_at, c.organization_id,
        row_number() OVER (PARTITION BY c.organization_id ORDER BY c.n, c.next_attempt_at, c.id) AS turn
      FROM candidates c
    ), picked AS (
      SELECT t.id FROM turns t LEFT JOIN org_busy o ON o.organization_id = t.organization_id
      WHERE t.turn <= ${options.perOrganization} - coalesce(o.n, 0)
      ORDER BY t.turn, t.next_attempt_at, t.id LIMIT ${options.max}
    )
    UPDATE webhook_deliveries d SET state = 'delivering', locked_until = ${options.leaseUntil}, attempts = d.attempts + 1, updated_at = ${now}
    FROM picked p, webhooks w WHERE d.id = p.id AND w.id = d.webhook_id
    RETURNING d.id, d.webhook_id AS "webhookId", w.organization_id AS "organizationId", d.event_id AS "eventId", d.event_type AS "eventType",
      d.payload, d.attempts AS attempt, d.failures, w.url, w.url_credentials_sealed AS "credentialsSealed", w.secret_sealed AS "secretSealed",
      w.previous_secret_sealed AS "previousSecretSealed", w.previous_secret_expires_at AS "previousSecretExpiresAt"`.execute(table(tx));
  return rows;
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
  await table(db)
    .with('logged', (q) =>
      q
        .insertInto('webhook_delivery_attempts')
        .columns(['delivery_id', 'attempt', 'attempted_at', 'status_code', 'error', 'duration_ms'])
        .expression((eb) =>
          eb
            .selectFrom('webhook_deliveries')
            .select([
              'id',
              sql<number>`${record.attempt}::int`.as('attempt'),
              sql<Date>`${record.attemptedAt}::timestamptz`.as('attempted_at'),
              sql<number | null>`${record.statusCode}::int`.as('status_code'),
              sql<string | null>`${record.error}::text`.as('error'),
              sql<number>`${record.durationMs}::int`.as('duration_ms'),
            ])
            .where('id', '=', record.deliveryId),
        )
        .onConflict((oc) => oc.doNothing()),
    )
    .updateTable('webhook_deliveries')
    .set({
      state: record.state,
      failures: record.failures,
      next_attempt_at: record.nextAttemptAt,
      locked_until: null,
      last_status_code: record.statusCode,
      last_error: record.error,
      last_duration_ms: record.durationMs,
      last_attempt_at: record.attemptedAt,
      last_response: record.response,
      updated_at: record.attemptedAt,
    })
    .where('id', '=', record.deliveryId)
    .where('attempts', '=', record.attempt)
    .where('state', '=', 'delivering')
    .execute();
}

/** Ends a disabled webhook's scheduled deliveries (an admin may redeliver them once it is on again). */
export async function cancelPendingDeliveries(db: SqlExecutor, webhookId: string, reason: string, now: Date): Promise<void> {
  await table(db)
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', next_attempt_at: null, last_error: sql<string>`coalesce(last_error || '; ', '') || ${reason}`, updated_at: now })
    .where('webhook_id', '=', webhookId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Schedules a delivery again at once, with a fresh retry schedule; null when it is not the
 * webhook's, or when an attempt is in flight (then it is already being delivered).
 */
export async function rescheduleDelivery(db: SqlExecutor, webhookId: string, id: string, now: Date): Promise<Delivery | null> {
  const row = await table(db)
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', failures: 0, next_attempt_at: now, locked_until: null, updated_at: now })
    .where('webhook_id', '=', webhookId)
    .where('id', '=', id)
    .where('state', '<>', 'delivering')
    .returningAll()
    .executeTakeFirst();
  return row ? deliveryOf(row) : null;
}

/** Deletes up to `batch` deliveries (and their attempts) last changed before `before`; none in flight. */
export async function pruneDeliveries(db: SqlExecutor, before: Date, batch: number): Promise<number> {
  const { numDeletedRows } = await table(db)
    .deleteFrom('webhook_deliveries')
    .where('id', 'in', (eb) =>
      eb.selectFrom('webhook_deliveries').select('id').where('updated_at', '<', before).where('state', '<>', 'delivering').limit(batch),
    )
    .executeTakeFirst();
  return Number(numDeletedRows);
}
