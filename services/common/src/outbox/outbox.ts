import { newId } from '../ids';
import type { EventEnvelope } from '../bus/bus';
import type { SqlExecutor } from '../sql/database';

export interface OutgoingEvent<D> {
  topic: string;
  key: string;
  type: string;
  data: D;
}

/** The commit signal that wakes the outbox relay. */
export const OUTBOX_SIGNAL = 'outbox';

/** Records an event in the caller's transaction; the relay is woken when it commits. */
export async function enqueueEvent<D>(tx: SqlExecutor, event: OutgoingEvent<D>, now = new Date()): Promise<EventEnvelope<D>> {
  const envelope: EventEnvelope<D> = { id: newId(), type: event.type, occurredAt: now.toISOString(), data: event.data };
  await tx.query('INSERT INTO outbox (event_id, topic, key, payload) VALUES ($1, $2, $3, $4)', [envelope.id, event.topic, event.key, JSON.stringify(envelope)]);
  tx.signal(OUTBOX_SIGNAL);
  return envelope;
}
