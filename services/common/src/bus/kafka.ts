import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import { DependencyUnavailableError } from '../errors';
import type { Logger } from '../logger';
import type { BusMessage, MessageBus, Subscription } from './bus';

/** Distributed-mode bus on Apache Kafka: idempotent producer, acks from all in-sync replicas. */
export class KafkaBus implements MessageBus {
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private connecting: Promise<Producer> | null = null;
  private readonly consumers: Consumer[] = [];

  constructor(brokers: string[], clientId: string, private readonly logger: Logger) {
    this.kafka = new Kafka({
      clientId,
      brokers,
      connectionTimeout: 1000,
      requestTimeout: 5000,
      // Short retries: the outbox relay retries on its own schedule, so fail fast here.
      retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
      logLevel: logLevel.NOTHING,
    });
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = await this.getProducer();
    try {
      await producer.send({ topic, acks: -1, messages: messages.map((m) => ({ key: m.key, value: m.value })) });
    } catch (err) {
      throw new DependencyUnavailableError(`kafka publish failed: ${(err as Error).message}`);
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: subscription.groupId,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5000 },
    });
    this.consumers.push(consumer);
    consumer.on(consumer.events.CRASH, (e) => this.logger.warn({ group: subscription.groupId, err: e.payload.error.message }, 'kafka consumer crashed; restarting'));
    await consumer.connect();
    for (const topic of subscription.topics) await consumer.subscribe({ topic, fromBeginning: subscription.fromBeginning ?? true });
    // Offsets are committed after the handler returns; a throw re-delivers the message.
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        await subscription.handle({ topic, key: message.key?.toString() ?? '', value: message.value?.toString() ?? '' });
      },
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    if (this.producer) await this.producer.disconnect().catch(() => undefined);
  }

  private async getProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    if (!this.connecting) {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
      producer.on(producer.events.DISCONNECT, () => {
        if (this.producer === producer) this.producer = null;
      });
      this.connecting = producer
        .connect()
        .then(() => {
          this.producer = producer;
          return producer;
        })
        .finally(() => {
          this.connecting = null;
        });
    }
    try {
      return await this.connecting;
    } catch (err) {
      throw new DependencyUnavailableError(`kafka unavailable: ${(err as Error).message}`);
    }
  }
}
