import { parseEnvelope, type EventEnvelope, type ReceivedMessage } from '../bus/bus';
import type { SqlDatabase, SqlExecutor } from '../sql/database';

/**
 * Wraps a handler so that each event is applied once: the event id is recorded in
 * processed_events in the same transaction as the handler's writes; a repeat is skipped.
 * A failure rolls the transaction back and throws to the bus's dead-letter guard, which has a
 * transient one delivered again and parks the message otherwise (replaying it is safe: the
 * event is still unrecorded). A message that is not an event envelope is parked too.
 */
export function idempotentConsumer(
  db: SqlDatabase,
  consumer: string,
  handler: (tx: SqlExecutor, event: EventEnvelope, message: ReceivedMessage) => Promise<void>,
): (message: ReceivedMessage) => Promise<void> {
  return async (message) => {
    const event = parseEnvelope(message.value);
    if (!event) throw new Error(`${consumer}: the message on ${message.topic} is not an event envelope (JSON with string id and type)`);
    await db.transaction(async (tx) => {
      const inserted = await tx.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [consumer, event.id]);
      if (inserted.rowCount === 0) return;
      await handler(tx, event, message);
    });
  };
}
