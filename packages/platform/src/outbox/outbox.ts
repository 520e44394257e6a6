import type { z } from 'zod';
import { newId } from '@quire/ids';
import type { EventEnvelope } from '../bus/bus';
import { currentActor, systemActor } from './actor-context';
import type { SqlExecutor } from '../sql/database';
import { typedSql } from '../sql/kysely';
import type { Database } from '../sql/platform-database';
import { declaredTopic, type DeclaredEvent, type DeclaredTopicName, type TopicNamed, strictly, type EventDataOf, type EventTypeOf } from '@quire/contracts';

export interface OutgoingEvent<D> {
  topic: string;
  key: string;
  type: string;
  data: D;
}

/** The commit signal that wakes the outbox relay. */
export const OUTBOX_SIGNAL = 'outbox';

const strictSchemas = new Map<string, z.ZodTypeAny>();

/** The strict data schema of a declared event type; throws for a topic or type nobody declared. */
function strictSchemaOf(topic: string, type: string): z.ZodTypeAny {
  const id = `${topic} ${type}`;
  let schema = strictSchemas.get(id);
  if (!schema) {
    const declared = declaredTopic(topic);
    if (!declared) throw new Error(`enqueueEvent: topic ${topic} is not declared in packages/contracts/src`);
    const data = Object.prototype.hasOwnProperty.call(declared.types, type) ? declared.types[type] : undefined;
    if (!data) throw new Error(`enqueueEvent: ${topic} declares no event type "${type}"`);
    schema = strictly(data);
    strictSchemas.set(id, schema);
  }
  return schema;
}

/**
 * Records a declared event in the caller's transaction; the relay is woken when it commits. The
 * type must be one its topic declares (packages/contracts/src) and the data exactly its
 * schema: TypeScript refuses an undeclared type or field, and the data is checked again here
 * (strictly, at every depth), so a spread that carries an extra field fails the transaction
 * instead of reaching the wire.
 */
export async function enqueueEvent<N extends DeclaredTopicName, K extends EventTypeOf<TopicNamed<N>>>(
  tx: SqlExecutor,
  event: DeclaredEvent<N, K>,
  now = new Date(),
): Promise<EventEnvelope<EventDataOf<TopicNamed<N>, K>>> {
  const checked = strictSchemaOf(event.topic, event.type).safeParse(event.data);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => `${['data', ...issue.path].join('.')}: ${issue.message}`).join('; ');
    throw new Error(`enqueueEvent: ${event.topic} ${event.type} does not match its schema: ${issues}`);
  }
  return enqueueRawEvent(tx, event, now);
}

/**
 * Writes an outbox row without any schema: for the outbox's own tests, which relay made-up
 * topics. Services write `enqueueEvent(tx, outboxEvent(topic, key, type, data), now)`.
 */
export async function enqueueRawEvent<D>(tx: SqlExecutor, event: OutgoingEvent<D>, now = new Date()): Promise<EventEnvelope<D>> {
  const id = newId();
  // Outside any verified caller (a timer, a start-up task) the event is Quire's own, correlated with itself.
  const actor = currentActor() ?? systemActor(id);
  const envelope: EventEnvelope<D> = { id, type: event.type, occurredAt: now.toISOString(), data: event.data, actor };
  await typedSql<Database>(tx)
    .insertInto('outbox')
    .values({ event_id: envelope.id, topic: event.topic, key: event.key, payload: JSON.stringify(envelope) })
    .execute();
  tx.signal(OUTBOX_SIGNAL);
  return envelope;
}
