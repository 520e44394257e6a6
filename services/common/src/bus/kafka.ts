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
  private closed = false;

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

  /**
   * Joins the consumer group and starts consuming. If Kafka is unreachable the service still
   * starts: joining is retried in the background until it succeeds or the bus is closed.
   */
  async subscribe(subscription: Subscription): Promise<void> {
    try {
      await this.startConsumer(subscription);
    } catch (err) {
      this.logger.warn({ group: subscription.groupId, err: (err as Error).message }, 'kafka consumer could not start; retrying in the background');
      void this.retryConsumer(subscription);
    }
  }

  private async retryConsumer(subscription: Subscription): Promise<void> {
    let delayMs = 1000;
    while (!this.closed) {
      await new Promise((r) => setTimeout(r, delayMs));
      if (this.closed) return;
      try {
        await this.startConsumer(subscription);
        this.logger.info({ group: subscription.groupId }, 'kafka consumer started');
        return;
      } catch {
        delayMs = Math.min(delayMs * 2, 15000);
      }
    }
  }

  private async startConsumer(subscription: Subscription): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: subscription.groupId,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5000 },
    });
    consumer.on(consumer.events.CRASH, (e) => this.logger.warn({ group: subscription.groupId, err: e.payload.error.message }, 'kafka consumer crashed; restarting'));
    try {
      await consumer.connect();
      for (const topic of subscription.topics) await consumer.subscribe({ topic, fromBeginning: subscription.fromBeginning ?? true });
      // Offsets are committed after the handler returns; a throw re-delivers the message.
      await consumer.run({
        eachMessage: async ({ topic, message }) => {
          await subscription.handle({ topic, key: message.key?.toString() ?? '', value: message.value?.toString() ?? '' });
        },
      });
    } catch (err) {
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
    this.consumers.push(consumer);
  }

  async close(): Promise<void> {
    this.closed = true;
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
