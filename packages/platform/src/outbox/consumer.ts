import { parseEnvelope, type EventEnvelope, type ReceivedMessage } from '../bus/bus';
import { parseEvent, readEventActor, type EventOf, type EventTopic } from '@quire/contracts';
import { runAsActor, systemActor } from './actor-context';
import type { SqlDatabase, SqlExecutor } from '../sql/database';
import { typedSql } from '../sql/kysely';
import type { Database } from '../sql/platform-database';

type Handler<E> = (tx: SqlExecutor, event: E, message: ReceivedMessage) => Promise<void>;

/**
 * Wraps a handler so that each event is applied once: the event id is recorded in
 * processed_events in the same transaction as the handler's writes; a repeat is skipped.
 * A failure rolls the transaction back and throws to the bus's dead-letter guard, which has a
 * transient one delivered again and parks the message otherwise (replaying it is safe: the
 * event is still unrecorded). Given its topic's schema (packages/contracts/src), the handler
 * gets a typed event, and a message that is not a declared event of the topic is parked
 * (MalformedEventError) before anything is recorded; without it, only the envelope is checked.
 */
export function idempotentConsumer<T extends EventTopic>(
  db: SqlDatabase,
  consumer: string,
  topic: T,
  handler: Handler<EventOf<T>>,
): (message: ReceivedMessage) => Promise<void>;
export function idempotentConsumer(db: SqlDatabase, consumer: string, handler: Handler<EventEnvelope>): (message: ReceivedMessage) => Promise<void>;
export function idempotentConsumer(
  db: SqlDatabase,
  consumer: string,
  topicOrHandler: EventTopic | Handler<EventEnvelope>,
  typedHandler?: Handler<EventEnvelope>,
): (message: ReceivedMessage) => Promise<void> {
  const handler = typeof topicOrHandler === 'function' ? topicOrHandler : (typedHandler as Handler<EventEnvelope>);
  const read = (message: ReceivedMessage): EventEnvelope => {
    if (typeof topicOrHandler !== 'function') return parseEvent(topicOrHandler, message.value);
    const event = parseEnvelope(message.value);
    if (!event) throw new Error(`${consumer}: the message on ${message.topic} is not an event envelope (JSON with string id and type)`);
    return event;
  };
  return async (message) => {
    const event = read(message);
    // What the handler enqueues is Quire's reaction to this event, in the same correlation.
    const actor = systemActor(readEventActor((event as { actor?: unknown }).actor)?.correlationId ?? event.id, event);
    await runAsActor(actor, () =>
      db.transaction(async (tx) => {
        const inserted = await typedSql<Database>(tx)
          .insertInto('processed_events')
          .values({ consumer, event_id: event.id })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows === 0n) return;
        await handler(tx, event, message);
      }),
    );
  };
}
