import type { Counter } from 'prom-client';
import type { MessageBus, ReceivedMessage, Subscription } from '../bus/bus';
import type { Logger } from '../logger';
import type { SqlDatabase } from '../sql/database';
import { newId } from '@quire/ids';
import { runAsActor, systemActor } from '../outbox/actor-context';
import { deliverBisecting } from './bisect';
import {
  findDeadLetter,
  listDeadLetters,
  markReplayed,
  parkMessage,
  receivedMessageOf,
  recordFailedReplay,
  type DeadLetter,
  type DeadLetterFilter,
} from './dead-letters.store';

/** What a replay did to one dead letter. */
export interface ReplayOutcome {
  id: string;
  consumer: string;
  status: DeadLetter['status'];
  /** Set when the replay failed (the letter stays parked with this error). */
  error?: string;
}

/** How many parked messages `replayAll` takes per call. */
export const REPLAY_ALL_LIMIT = 1000;

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const text = err.message || err.name;
  // Postgres puts what was wrong with the data in its detail ("\u0000 cannot be converted to text."):
  // the letter's reader needs it to see why the message was parked.
  const detail = (err as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail && !text.includes(detail) ? `${text}: ${detail}` : text;
}

/** The name a subscription's dead letters are filed under. */
export function consumerName(subscription: Pick<Subscription, 'consumer' | 'groupId'>): string {
  return subscription.consumer ?? subscription.groupId;
}

/**
 * A consumer is never stopped by one bad message. Every subscription of a service goes through
 * `guard` (the service's bus is wrapped by `guardBus`): a handler failure that a retry can fix
 * (failure-kind.ts) throws on, so the bus delivers the message again with backoff; any other
 * failure parks the message in the service's `dead_letters` table and the consumer moves on (its
 * offset is committed). A failing batch is bisected so that only its bad messages are parked.
 * Parked messages are counted (`quire_dead_letters_total{consumer}`), logged, listed and replayed
 * through the same handler by an operator (admin.routes.ts, `npm run -s cli -- dead-letters`).
 */
export class DeadLetters {
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(
    private readonly db: SqlDatabase,
    private readonly logger: Logger,
    private readonly parked?: Pick<Counter<'consumer'>, 'inc'>,
  ) {}

  /** The bus with every subscription guarded; publishing is untouched. */
  guardBus(bus: MessageBus): MessageBus {
    return {
      publish: (topic, messages) => bus.publish(topic, messages),
      subscribe: (subscription) => bus.subscribe(this.guard(subscription)),
      stopConsuming: () => bus.stopConsuming?.() ?? Promise.resolve(),
      close: () => bus.close(),
    };
  }

  guard(subscription: Subscription): Subscription {
    const consumer = consumerName(subscription);
    this.subscriptions.set(consumer, subscription);
    const park = (message: ReceivedMessage, err: unknown) => this.park(consumer, message, err);
    const { handle, handleBatch } = subscription;
    return {
      ...subscription,
      // A delivery is Quire's own work, whatever flow woke the bus (in-process, a request's commit).
      handle: (message) => runAsActor(systemActor(newId()), () => deliverBisecting([message], ([one]) => handle(one as ReceivedMessage), park)),
      ...(handleBatch
        ? { handleBatch: (messages: ReceivedMessage[]) => runAsActor(systemActor(newId()), () => deliverBisecting(messages, handleBatch, park)) }
        : {}),
    };
  }

  /**
   * A subscription this process does not consume but whose letters it replays: the letters of a
   * consumer that runs in a process of its own (insights' API copies, INSIGHTS_ROLE=api) are in the
   * service's one database, and the operator's CLI reaches the API copies.
   */
  replaysFor(subscription: Subscription): void {
    this.subscriptions.set(consumerName(subscription), subscription);
  }

  list(filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
    return listDeadLetters(this.db, filter);
  }

  /** Replays one letter; null when there is no such letter. A replayed letter is left as it is. */
  async replay(id: string): Promise<ReplayOutcome | null> {
    const letter = await findDeadLetter(this.db, id);
    if (!letter) return null;
    if (letter.status === 'replayed') return { id, consumer: letter.consumer, status: 'replayed' };
    return this.replayLetter(letter);
  }

  /** Replays the parked letters (of one consumer, when given), oldest first. */
  async replayAll(consumer?: string): Promise<ReplayOutcome[]> {
    const letters = await listDeadLetters(this.db, { consumer, status: 'parked', limit: REPLAY_ALL_LIMIT });
    const outcomes: ReplayOutcome[] = [];
    for (const letter of letters) outcomes.push(await this.replayLetter(letter));
    return outcomes;
  }

  /**
   * Runs the message through its consumer's own handler (consumers are idempotent, so a message
   * that was applied meanwhile is not applied twice). A failure of any kind keeps it parked.
   */
  private async replayLetter(letter: DeadLetter): Promise<ReplayOutcome> {
    const subscription = this.subscriptions.get(letter.consumer);
    if (!subscription) return { id: letter.id, consumer: letter.consumer, status: 'parked', error: `consumer ${letter.consumer} does not run in this service` };
    const message = receivedMessageOf(letter);
    try {
      if (subscription.handleBatch) await subscription.handleBatch([message]);
      else await subscription.handle(message);
    } catch (err) {
      await recordFailedReplay(this.db, letter.id, errorText(err));
      this.logger.warn({ consumer: letter.consumer, id: letter.id, err: errorText(err) }, 'dead letter replay failed; it stays parked');
      return { id: letter.id, consumer: letter.consumer, status: 'parked', error: errorText(err) };
    }
    await markReplayed(this.db, letter.id);
    this.logger.info({ consumer: letter.consumer, id: letter.id }, 'dead letter replayed');
    return { id: letter.id, consumer: letter.consumer, status: 'replayed' };
  }

  private async park(consumer: string, message: ReceivedMessage, err: unknown): Promise<void> {
    const error = errorText(err);
    const isNew = await parkMessage(this.db, consumer, message, error);
    if (isNew) this.parked?.inc({ consumer });
    this.logger.warn(
      { consumer, topic: message.topic, partition: message.partition, offset: message.offset, key: message.key, err: error },
      isNew ? 'message parked as a dead letter; the consumer moves on' : 'parked message failed again; the consumer moves on',
    );
  }
}
