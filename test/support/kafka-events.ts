import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { INFRA } from './infra';

// What reached Kafka, counted by event id, and what the services' outboxes hold: the two sides of
// "nothing lost, nothing published twice".

export interface EventSeen {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Reads `topic` from the beginning in a fresh group until `done` holds or `timeoutMs` passes; answers every event that `keep` keeps, repeats included. */
export async function readEvents(
  topic: string,
  keep: (e: EventSeen) => boolean,
  done: (seen: EventSeen[]) => boolean,
  timeoutMs = 30000,
): Promise<EventSeen[]> {
  const kafka = new Kafka({ clientId: 'e2e-events', brokers: [INFRA.kafkaBrokers], logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `e2e-events-${Date.now()}-${Math.random().toString(36).slice(2)}` });
  const seen: EventSeen[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      try {
        const event = JSON.parse(message.value?.toString() ?? '') as EventSeen;
        if (keep(event)) seen.push(event);
      } catch {
        // not an event
      }
    },
  });
  try {
    const deadline = Date.now() + timeoutMs;
    while (!done(seen) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // A repeat would arrive right behind the first copy.
    await new Promise((r) => setTimeout(r, 2000));
    return seen;
  } finally {
    await consumer.disconnect();
  }
}

/** Event ids in a service database's outbox whose payload mentions `needle`, and how many are not yet published. */
export async function outboxEvents(databaseUrl: string, needle: string): Promise<{ ids: string[]; unpublished: number }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ payload: string; published: boolean }>(
      'SELECT payload, published_at IS NOT NULL AS published FROM outbox WHERE position($1 in payload) > 0',
      [needle],
    );
    return { ids: rows.map((r) => (JSON.parse(r.payload) as { id: string }).id), unpublished: rows.filter((r) => !r.published).length };
  } finally {
    await db.end();
  }
}

/** The ids that occur more than once. */
export function repeated(ids: string[]): string[] {
  const count = new Map<string, number>();
  for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1);
  return [...count].filter(([, n]) => n > 1).map(([id]) => id);
}
