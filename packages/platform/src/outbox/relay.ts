import { sql } from 'kysely';
import type { MessageBus } from '../bus/bus';
import type { Logger } from '../logger';
import type { SqlDatabase } from '../sql/database';
import { typedSql } from '../sql/kysely';
import type { Database } from '../sql/platform-database';
import { idleBackoffMs, withTimeout } from '@quire/helpers';
import { OUTBOX_SIGNAL } from './outbox';

const BATCH_SIZE = 200;
/** The advisory lock key only one publishing relay of a database holds (any fixed bigint). */
const RELAY_LOCK_KEY = 7_351_001;
const PUBLISH_TIMEOUT_MS = 8000;
/** The fallback pass when another replica may write rows this process is not told of. */
export const RELAY_INTERVAL_MS = 250;
/**
 * The fallback pass when every write raises the commit signal here (embedded mode): only a safety
 * net, so an idle process does not query its database four times a second per service.
 */
export const SOLE_WRITER_RELAY_INTERVAL_MS = 5000;
/**
 * The longest wait between fallback passes that found nothing: each empty pass doubles the wait up to
 * this, and a pass that published sets it back. An idle service then queries its database twice a
 * second, not four times (sixteen processes of a distributed stack polled about a sixth of a core
 * together); a busy relay (another replica's rows included) still passes every interval, and a
 * commit here wakes it at once either way.
 */
export const IDLE_RELAY_INTERVAL_MS = 2000;

/**
 * Publishes committed outbox rows in order and marks them published. If the bus is down nothing
 * is marked and the same rows go out later (consumers ignore the rare repeat). A commit that
 * wrote outbox rows wakes the relay (the `outbox` commit signal); the timer is only the fallback
 * for rows written by another replica.
 *
 * One relay of a database publishes at a time: a pass first tries a transaction-level advisory
 * lock and, when another replica holds it, skips (it never waits). So events leave in `seq`
 * order even with several replicas; with SKIP LOCKED alone, a second replica would publish later
 * rows of a key while the first still holds earlier ones.
 *
 * Why the lock is held while publishing (up to PUBLISH_TIMEOUT_MS per topic): writers (INSERT of
 * new rows) never wait on it, and other relays skip their pass instead of waiting; releasing it
 * before the publish would let another replica send the same rows or overtake them. The cost is
 * one pooled connection per publishing relay while Kafka answers
 * (test/e2e-distributed/outbox-relay-lock.test.ts shows both on PostgreSQL).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private backoffMs = 0;
  private lastWarnAt = 0;
  private wake: (() => void) | null = null;
  /** A nudge came during a pass: the next pass starts at once (rows committed meanwhile may not have been read). */
  private nudged = false;
  /** The wait before the next fallback pass: intervalMs after a pass that published, growing while passes find nothing. */
  private waitMs: number;

  constructor(
    private readonly db: SqlDatabase,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
    private readonly intervalMs = db.seesEveryWrite ? SOLE_WRITER_RELAY_INTERVAL_MS : RELAY_INTERVAL_MS,
  ) {
    db.onSignal(OUTBOX_SIGNAL, () => this.nudge());
    this.waitMs = intervalMs;
  }

  start(): void {
    this.stopped = false;
    void this.loop();
  }

  /** Publish soon, without waiting for the next tick (a commit that wrote outbox rows calls it). */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  /** One pass; returns how many events were published. Exposed for tests. */
  async publishPending(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const outbox = typedSql<Database>(tx);
      const lock = await outbox.selectNoFrom(sql<boolean>`pg_try_advisory_xact_lock(${RELAY_LOCK_KEY})`.as('locked')).executeTakeFirst();
      if (!lock?.locked) return 0;
      const rows = await outbox
        .selectFrom('outbox')
        .select(['seq', 'topic', 'key', 'payload'])
        .where('published_at', 'is', null)
        .orderBy('seq')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      for (const [topic, batch] of groupConsecutiveByTopic(rows)) {
        await withTimeout(
          this.bus.publish(
            topic,
            batch.map((r) => ({ key: r.key, value: r.payload })),
          ),
          PUBLISH_TIMEOUT_MS,
        );
      }
      await outbox
        .updateTable('outbox')
        .set({ published_at: sql<Date>`now()` })
        .where('seq', '=', sql<number>`ANY(${rows.map((r) => r.seq)}::bigint[])`)
        .execute();
      return rows.length;
    });
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.running = true;
      this.nudged = false;
      let published = 0;
      try {
        published = await this.publishPending();
        this.backoffMs = 0;
      } catch (err) {
        this.backoffMs = Math.min(Math.max(this.backoffMs * 2, 250), 5000);
        if (Date.now() - this.lastWarnAt > 10000) {
          this.lastWarnAt = Date.now();
          this.logger.warn({ err: (err as Error).message }, 'outbox relay: publish failed; will retry');
        }
      }
      this.running = false;
      if (published >= BATCH_SIZE || (this.nudged && this.backoffMs === 0)) continue;
      this.waitMs = idleBackoffMs(this.waitMs, published > 0, this.intervalMs, IDLE_RELAY_INTERVAL_MS);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.backoffMs || this.waitMs);
      });
      this.wake = null;
    }
  }
}

function groupConsecutiveByTopic<R extends { topic: string }>(rows: R[]): [string, R[]][] {
  const groups: [string, R[]][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0] === row.topic) last[1].push(row);
    else groups.push([row.topic, [row]]);
  }
  return groups;
}
