import type { Logger } from '../logger';
import type { BusMessage, MessageBus, ReceivedMessage, Subscription } from './bus';

interface Group {
  subscription: Subscription;
  queue: ReceivedMessage[];
  draining: boolean;
}

/**
 * Embedded-mode bus: each consumer group gets every message of its topics, in publish order,
 * one at a time (or, for a batch subscription, everything queued as one batch); a failing handler
 * is retried with backoff, like a Kafka consumer that restarts.
 */
export class InProcessBus implements MessageBus {
  private readonly groups = new Map<string, Group>();
  private closed = false;

  constructor(private readonly logger: Logger) {}

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    for (const group of this.groups.values()) {
      if (!group.subscription.topics.includes(topic)) continue;
      for (const m of messages) group.queue.push({ topic, key: m.key, value: m.value });
      this.drain(group);
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    const existing = this.groups.get(subscription.groupId);
    if (existing) throw new Error(`consumer group ${subscription.groupId} already subscribed`);
    this.groups.set(subscription.groupId, { subscription, queue: [], draining: false });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.groups.clear();
  }

  private drain(group: Group): void {
    if (group.draining) return;
    group.draining = true;
    setImmediate(() => void this.run(group));
  }

  private async run(group: Group): Promise<void> {
    let backoffMs = 50;
    while (group.queue.length > 0 && !this.closed) {
      // A batch subscription gets everything queued so far at once; others one message at a time.
      const { handle, handleBatch } = group.subscription;
      const batch = handleBatch ? group.queue.slice() : group.queue.slice(0, 1);
      try {
        if (handleBatch) await handleBatch(batch);
        else await handle(batch[0] as ReceivedMessage);
        group.queue.splice(0, batch.length);
        backoffMs = 50;
      } catch (err) {
        this.logger.warn({ err: (err as Error).message, group: group.subscription.groupId, topic: batch[0]?.topic }, 'consumer failed; retrying');
        await new Promise((r) => setTimeout(r, backoffMs));
        backoffMs = Math.min(backoffMs * 2, 2000);
      }
    }
    group.draining = false;
  }
}
