import { parseEvent } from '@quire/contracts';
import type { ReceivedMessage } from '@quire/platform/bus';
import type { ServiceContext } from '@quire/platform/runtime';
import { DELIVERED_TOPICS, type BusEvent } from '../domain/event-mapping';
import { scheduleDeliveries } from '../application/schedule-deliveries';

export const WEBHOOKS_CONSUMER = 'webhooks-events';
/** How long the broker may wait to fill a batch: the most it adds to an event's delivery. */
const BATCH_WAIT_MS = 20;

/**
 * Every fact of identity, content, sites and specs, read in one consumer group shared by the
 * copies, in batches (one query and one insert for a fetched batch). Each event is scheduled once;
 * a repeat adds nothing, deliveries being unique per webhook and event. A message that is not a
 * declared event of its topic is parked (the guard bisects the batch down to it: docs/conventions.md,
 * Dead letters); a store failure has the batch delivered again.
 */
export async function startBusEventsConsumer(ctx: Pick<ServiceContext, 'bus' | 'db' | 'clock'>): Promise<void> {
  const handleBatch = async (messages: ReceivedMessage[]) => {
    await scheduleDeliveries(
      ctx.db,
      messages.map(busEventOf).filter((e): e is BusEvent => e !== null),
      ctx.clock(),
    );
  };
  await ctx.bus.subscribe({
    groupId: WEBHOOKS_CONSUMER,
    topics: DELIVERED_TOPICS.map((topic) => topic.name),
    handle: (message) => handleBatch([message]),
    handleBatch,
    batchWaitMs: BATCH_WAIT_MS,
  });
}

function busEventOf(message: ReceivedMessage): BusEvent | null {
  const topic = DELIVERED_TOPICS.find((t) => t.name === message.topic);
  return topic ? parseEvent(topic, message.value) : null;
}
