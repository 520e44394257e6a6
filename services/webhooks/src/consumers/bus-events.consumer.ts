import { parseEvent, type ServiceContext } from '@quire/common';
import { DELIVERED_TOPICS } from '../domain/event-mapping';
import { scheduleDeliveries } from '../domain/schedule-deliveries';

export const WEBHOOKS_CONSUMER = 'webhooks-events';

/**
 * Every fact of identity, content, sites and specs, read in one consumer group shared by the
 * copies (each event is scheduled once; a repeat adds nothing, deliveries being unique per webhook
 * and event). A message that is not a declared event of its topic is parked (docs/conventions.md,
 * Dead letters); a store failure is retried by the bus.
 */
export async function startBusEventsConsumer(ctx: Pick<ServiceContext, 'bus' | 'db' | 'clock'>): Promise<void> {
  await ctx.bus.subscribe({
    groupId: WEBHOOKS_CONSUMER,
    topics: DELIVERED_TOPICS.map((topic) => topic.name),
    handle: async (message) => {
      const topic = DELIVERED_TOPICS.find((t) => t.name === message.topic);
      if (!topic) return;
      await scheduleDeliveries(ctx.db, parseEvent(topic, message.value), ctx.clock());
    },
  });
}
