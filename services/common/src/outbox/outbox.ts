import { newId } from '../ids';
import type { EventEnvelope } from '../bus/bus';
import type { SqlExecutor } from '../sql/database';

export interface OutgoingEvent<D> {
  topic: string;
  key: string;
  type: string;
  data: D;
}

/** Records an event in the caller's transaction; the relay publishes it after commit. */
export async function enqueueEvent<D>(tx: SqlExecutor, event: OutgoingEvent<D>, now = new Date()): Promise<EventEnvelope<D>> {
  const envelope: EventEnvelope<D> = { id: newId(), type: event.type, occurredAt: now.toISOString(), data: event.data };
  await tx.query('INSERT INTO outbox (event_id, topic, key, payload) VALUES ($1, $2, $3, $4)', [
    envelope.id,
    event.topic,
    event.key,
    JSON.stringify(envelope),
  ]);
  return envelope;
}
