import { parseEnvelope, type EventEnvelope, type ReceivedMessage } from '../bus/bus';
import type { Logger } from '../logger';
import type { SqlDatabase, SqlExecutor } from '../sql/database';

/**
 * Wraps a handler so that each event is applied once: the event id is recorded in
 * processed_events in the same transaction as the handler's writes; a repeat is skipped.
 */
export function idempotentConsumer(
  db: SqlDatabase,
  consumer: string,
  logger: Logger,
  handler: (tx: SqlExecutor, event: EventEnvelope, message: ReceivedMessage) => Promise<void>,
): (message: ReceivedMessage) => Promise<void> {
  return async (message) => {
    const event = parseEnvelope(message.value);
    if (!event) {
      logger.warn({ topic: message.topic, consumer }, 'ignored a message that is not an event envelope');
      return;
    }
    await db.transaction(async (tx) => {
      const inserted = await tx.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [consumer, event.id]);
      if (inserted.rowCount === 0) return;
      await handler(tx, event, message);
    });
  };
}
