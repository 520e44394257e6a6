import type { Logger } from '../logger';
import type { SqlDatabase } from '../sql/database';
import { typedSql } from '../sql/kysely';
import type { Database } from '../sql/platform-database';

export interface OutboxRetention {
  /** Published outbox rows older than this are deleted (they are in Kafka, and audited there). */
  publishedHours: number;
  /**
   * Processed-event ids older than this are deleted. It must exceed the Kafka topics' retention
   * (7 days by default): a redelivery can only carry an event Kafka still has.
   */
  processedHours: number;
}

export const DEFAULT_OUTBOX_RETENTION: OutboxRetention = { publishedHours: 72, processedHours: 14 * 24 };

const SWEEP_EVERY_MS = 15 * 60_000;
const DELETE_BATCH = 5000;

/**
 * Prunes the outbox and processed_events tables of a service. Deletes go in small batches so no
 * statement holds many row locks; replicas may sweep at the same time (deleting is idempotent).
 */
export class OutboxSweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: SqlDatabase,
    private readonly logger: Logger,
    private readonly retention: OutboxRetention = DEFAULT_OUTBOX_RETENTION,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.logger.warn({ err: (err as Error).message }, 'outbox sweeper: sweep failed; will retry'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; answers how many rows of each table went. Exposed for tests and the CLI. */
  async sweep(now = new Date()): Promise<{ outbox: number; processedEvents: number }> {
    const publishedBefore = new Date(now.getTime() - this.retention.publishedHours * 3_600_000);
    const processedBefore = new Date(now.getTime() - this.retention.processedHours * 3_600_000);
    const outbox = await this.deleteInBatches(() =>
      this.table()
        .deleteFrom('outbox')
        .where('seq', 'in', (eb) => eb.selectFrom('outbox').select('seq').where('published_at', '<', publishedBefore).limit(DELETE_BATCH))
        .executeTakeFirst(),
    );
    const processedEvents = await this.deleteInBatches(() =>
      this.table()
        .deleteFrom('processed_events')
        .where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('consumer', 'event_id'),
            'in',
            selectFrom('processed_events')
              .select(['consumer', 'event_id'])
              .where('processed_at', '<', processedBefore)
              .limit(DELETE_BATCH)
              .$asTuple('consumer', 'event_id'),
          ),
        )
        .executeTakeFirst(),
    );
    if (outbox + processedEvents > 0) this.logger.info({ outbox, processedEvents }, 'outbox sweeper: pruned old rows');
    return { outbox, processedEvents };
  }

  /** Runs a batch delete until a batch deletes fewer than DELETE_BATCH rows; answers how many went. */
  private async deleteInBatches(deleteBatch: () => Promise<{ numDeletedRows: bigint }>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = Number((await deleteBatch()).numDeletedRows);
      total += deleted;
      if (deleted < DELETE_BATCH) return total;
    }
  }

  private table() {
    return typedSql<Database>(this.db);
  }
}
