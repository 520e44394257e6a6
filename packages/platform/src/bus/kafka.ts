import type * as KafkaJs from 'kafkajs';
import type { Consumer, ConsumerRunConfig, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { DependencyUnavailableError } from '@quire/errors';
import type { Logger } from '../logger';
import type { BusMessage, MessageBus, ReceivedMessage, Subscription } from './bus';
import { fixKafkajsIdleWakeUps } from './kafkajs-idle-fix';
import { SendCoalescer } from './send-coalescer';

const BATCH_MIN_BYTES = 1024 * 1024;
const BATCH_MAX_BYTES = 16 * 1024 * 1024;
/** Heartbeats while a batch handler runs, so a slow insert does not cost the group membership. */
const BATCH_HEARTBEAT_MS = 3000;
const CONSUMER_REQUEST_TIMEOUT_MS = 30_000;
const CONSUMER_SESSION_TIMEOUT_MS = 10_000;
/** Bytes per produce request of coalesced publishes: well under the broker's 1 MB message.max.bytes. */
const SEND_MAX_BYTES = 512 * 1024;

// Required when the first bus is made, not when the package index loads this file: embedded mode
// never uses Kafka, and kafkajs costs every start tens of milliseconds of CPU.
let kafkajs: typeof KafkaJs | undefined;
function loadKafkajs(): typeof KafkaJs {
  if (kafkajs) return kafkajs;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  kafkajs = require('kafkajs') as typeof KafkaJs;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- kafkajs's own class, fixed before any connection exists
  fixKafkajsIdleWakeUps(require('kafkajs/src/network/requestQueue') as Parameters<typeof fixKafkajsIdleWakeUps>[0]);
  return kafkajs;
}

/** A message as handlers see it: under its topic's name in the code, without the deployment's namespace. */
function toReceived(namespace: string, topic: string, partition: number, message: KafkaMessage): ReceivedMessage {
  return {
    topic: topic.startsWith(namespace) ? topic.slice(namespace.length) : topic,
    partition,
    offset: Number(message.offset),
    key: message.key?.toString() ?? '',
    value: message.value?.toString() ?? '',
  };
}

/**
 * Batch delivery: nothing is resolved automatically; the batch's offsets are resolved and
 * committed only after the handler returned. A throw leaves them unresolved, so kafkajs retries
 * (with the consumer's backoff) from the last committed offset: the batch is delivered again.
 */
function batchRunConfig(namespace: string, handleBatch: (messages: ReceivedMessage[]) => Promise<void>): ConsumerRunConfig {
  return {
    eachBatchAutoResolve: false,
    autoCommit: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, uncommittedOffsets, isRunning, isStale }) => {
      if (batch.messages.length === 0 || !isRunning() || isStale()) return;
      const beat = setInterval(() => void heartbeat().catch(() => undefined), BATCH_HEARTBEAT_MS);
      try {
        await handleBatch(batch.messages.map((m) => toReceived(namespace, batch.topic, batch.partition, m)));
      } finally {
        clearInterval(beat);
      }
      resolveOffset(batch.lastOffset());
      // autoCommit is off: commit exactly what was resolved, now that the handler succeeded.
      await commitOffsetsIfNecessary(uncommittedOffsets());
    },
  };
}

/** Distributed-mode bus on Apache Kafka: idempotent producer, acks from all in-sync replicas. */
export class KafkaBus implements MessageBus {
  private readonly kafka: Kafka;
  private readonly consumerKafka: Kafka;
  private producer: Producer | null = null;
  private connecting: Promise<Producer> | null = null;
  private readonly consumers: Consumer[] = [];
  private readonly senders = new Map<string, SendCoalescer<BusMessage>>();
  private closed = false;
  private consuming = true;

  /**
   * `namespace` (KAFKA_NAMESPACE) prefixes every topic and consumer group this bus uses, so several
   * deployments (staging beside production, a second local stack beside the test suite's) can
   * share one Kafka cluster without reading each other's events or joining each other's groups.
   */
  constructor(
    brokers: string[],
    clientId: string,
    private readonly logger: Logger,
    private readonly namespace = '',
  ) {
    const { Kafka, logLevel } = loadKafkajs();
    this.kafka = new Kafka({
      clientId,
      brokers,
      connectionTimeout: 1000,
      requestTimeout: 5000,
      // Short retries: the outbox relay retries on its own schedule, so fail fast here.
      retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
      logLevel: logLevel.NOTHING,
    });
    // Consumers get a client of their own: group requests (JoinGroup, SyncGroup) are answered only
    // once a rebalance completes, which can take longer than the producer's fail-fast 5 s; timing
    // them out made a consumer that rejoined after a crash loop instead of resuming.
    this.consumerKafka = new Kafka({ clientId, brokers, connectionTimeout: 1000, requestTimeout: CONSUMER_REQUEST_TIMEOUT_MS, logLevel: logLevel.NOTHING });
  }

  /** Concurrent publishes to one topic share produce requests (see SendCoalescer). */
  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    let sender = this.senders.get(topic);
    if (!sender) {
      sender = new SendCoalescer(
        (batch) => this.send(topic, batch),
        (m) => m.key.length + m.value.length + 64,
        SEND_MAX_BYTES,
      );
      this.senders.set(topic, sender);
    }
    await sender.submit(messages);
  }

  private async send(topic: string, messages: BusMessage[]): Promise<void> {
    const producer = await this.getProducer();
    try {
      await producer.send({ topic: this.namespace + topic, acks: -1, messages: messages.map((m) => ({ key: m.key, value: m.value })) });
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
    while (!this.closed && this.consuming) {
      await new Promise((r) => setTimeout(r, delayMs));
      if (this.closed || !this.consuming) return;
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
    const consumer = this.consumerKafka.consumer({
      groupId: this.namespace + subscription.groupId,
      // A member that died without leaving (killed process) holds its partitions until its session
      // expires: 10 s instead of kafkajs' 30 s, so its work resumes elsewhere quickly.
      sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
      heartbeatInterval: 1000,
      rebalanceTimeout: 20_000,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5000 },
      // Batch subscriptions let the broker gather up to their min bytes (or wait batchWaitMs),
      // so the handler sees few large batches instead of many small ones.
      ...(subscription.handleBatch
        ? {
            minBytes: Math.min(subscription.batchMinBytes ?? BATCH_MIN_BYTES, BATCH_MAX_BYTES),
            maxBytesPerPartition: BATCH_MAX_BYTES,
            maxBytes: BATCH_MAX_BYTES,
            maxWaitTimeInMs: subscription.batchWaitMs ?? 2000,
          }
        : {}),
    });
    consumer.on(consumer.events.CRASH, (e) => this.onConsumerCrash(subscription, consumer, e.payload));
    try {
      await consumer.connect();
      for (const topic of subscription.topics) await consumer.subscribe({ topic: this.namespace + topic, fromBeginning: subscription.fromBeginning ?? true });
      await consumer.run(
        subscription.handleBatch
          ? batchRunConfig(this.namespace, subscription.handleBatch)
          : {
              // Offsets are committed after the handler returns; a throw re-delivers the message.
              eachMessage: async ({ topic, partition, message }) => {
                await subscription.handle(toReceived(this.namespace, topic, partition, message));
              },
            },
      );
    } catch (err) {
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
    this.consumers.push(consumer);
  }

  /**
   * kafkajs restarts a consumer only after a retriable error. A non-retriable one leaves it stopped
   * for good: after a broker restart on a busy host, "Failed to find group coordinator" did, and the
   * group never consumed again. Such a consumer (kafkajs has already disconnected it) is replaced by
   * a new one, with the background retry's backoff.
   */
  private onConsumerCrash(subscription: Subscription, consumer: Consumer, crash: { error: Error; restart: boolean }): void {
    const group = subscription.groupId;
    if (crash.restart) {
      this.logger.warn({ group, err: crash.error.message }, 'kafka consumer crashed; kafkajs restarts it');
      return;
    }
    this.logger.warn({ group, err: crash.error.message }, 'kafka consumer stopped on a non-retriable error; starting a new one');
    const index = this.consumers.indexOf(consumer);
    if (index >= 0) this.consumers.splice(index, 1);
    if (!this.closed && this.consuming) void this.retryConsumer(subscription);
  }

  /** kafkajs' disconnect waits for the batch in hand (its handler, then the commit), then leaves the group. */
  async stopConsuming(): Promise<void> {
    this.consuming = false;
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopConsuming();
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
