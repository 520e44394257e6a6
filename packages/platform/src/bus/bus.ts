// The bus port: Kafka in distributed mode, an in-process bus in embedded mode.
import type { EventActor } from '@quire/contracts';

export interface BusMessage {
  key: string;
  value: string;
}

export interface ReceivedMessage extends BusMessage {
  topic: string;
  /** Kafka only: where the message sits in its topic (consumers use it to spot redeliveries). */
  partition?: number;
  offset?: number;
}

export interface Subscription {
  groupId: string;
  /**
   * The name its dead letters are filed and replayed under (default: groupId); set it when the
   * group id differs per process, so every replica of the service files under one name.
   */
  consumer?: string;
  topics: string[];
  /** Where a new consumer group starts: the oldest retained message (default) or only new ones. */
  fromBeginning?: boolean;
  /**
   * Throwing makes the bus deliver the message again later: handlers must be idempotent. Every
   * service's bus is guarded (dead-letters/): only a transient failure is delivered again, any
   * other parks the message as a dead letter.
   */
  handle: (message: ReceivedMessage) => Promise<void>;
  /**
   * When set, the bus delivers messages in batches here instead of one by one through `handle`
   * (Kafka: one fetched batch of a partition; in-process: everything queued). Offsets are
   * committed only after it returns; throwing delivers the whole batch again later.
   */
  handleBatch?: (messages: ReceivedMessage[]) => Promise<void>;
  /** Batch subscriptions: how long the broker may wait to fill a batch (Kafka fetch wait). */
  batchWaitMs?: number;
  /**
   * Batch subscriptions: the bytes the broker gathers before answering a fetch sooner than
   * `batchWaitMs` (Kafka fetch min bytes; default 1 MiB). A handler whose cost is per batch (an
   * insert) raises it, so a busy topic still gives it batches of `batchWaitMs` of messages.
   */
  batchMinBytes?: number;
}

export interface MessageBus {
  /** Resolves once the messages are durably accepted (Kafka: acks from all in-sync replicas). */
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /**
   * Leaves every consumer group, each after its handler finished the message or batch in hand and
   * committed it; publishing goes on (a stopping service's outbox relay still publishes). Buses
   * whose deliveries end with the process (in-process, test doubles) may leave it out.
   */
  stopConsuming?(): Promise<void>;
  close(): Promise<void>;
}

/** The JSON envelope of every fact and job; `id` is what consumers deduplicate on. */
export interface EventEnvelope<D = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: D;
  /** Who caused it (enqueueEvent writes it from the flow's actor); consumers that do not need it ignore it. */
  actor?: EventActor;
}

export function parseEnvelope(value: string): EventEnvelope | null {
  try {
    const doc = JSON.parse(value) as Partial<EventEnvelope>;
    if (typeof doc.id === 'string' && typeof doc.type === 'string') return doc as EventEnvelope;
  } catch {
    // not an envelope
  }
  return null;
}
