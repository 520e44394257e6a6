import { EventEmitter } from 'node:events';
import { KafkaBus } from '../src/bus/kafka';
import { createLogger } from '../src/logger';

// kafkajs leaves a consumer stopped after a non-retriable crash (a group coordinator not found
// after a broker restart): the bus must start a new one, and leave the retriable ones to kafkajs.

class FakeConsumer extends EventEmitter {
  readonly events = { CRASH: 'consumer.crash' };
  disconnected = false;
  async connect(): Promise<void> {}
  async subscribe(): Promise<void> {}
  async run(): Promise<void> {}
  async disconnect(): Promise<void> {
    this.disconnected = true;
  }
  crash(restart: boolean): void {
    this.emit(this.events.CRASH, { payload: { error: new Error('Failed to find group coordinator'), groupId: 'g', restart } });
  }
}

function busWithFakeConsumers(): { bus: KafkaBus; consumers: FakeConsumer[] } {
  const bus = new KafkaBus(['127.0.0.1:1'], 'test', createLogger('test', 'silent'));
  const consumers: FakeConsumer[] = [];
  (bus as unknown as { consumerKafka: unknown }).consumerKafka = {
    consumer: () => {
      const consumer = new FakeConsumer();
      consumers.push(consumer);
      return consumer;
    },
  };
  return { bus, consumers };
}

const subscription = { groupId: 'g', topics: ['t'], handle: async () => undefined };

describe('the Kafka bus after a consumer crash', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts a new consumer when kafkajs will not restart the crashed one', async () => {
    const { bus, consumers } = busWithFakeConsumers();
    await bus.subscribe(subscription);
    expect(consumers).toHaveLength(1);
    consumers[0]!.crash(false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(consumers).toHaveLength(2);
    await bus.close();
    expect(consumers[1]!.disconnected).toBe(true);
  });

  it('leaves a retriable crash to kafkajs', async () => {
    const { bus, consumers } = busWithFakeConsumers();
    await bus.subscribe(subscription);
    consumers[0]!.crash(true);
    await jest.advanceTimersByTimeAsync(5000);
    expect(consumers).toHaveLength(1);
    await bus.close();
  });

  it('starts nothing once the bus is closed', async () => {
    const { bus, consumers } = busWithFakeConsumers();
    await bus.subscribe(subscription);
    await bus.close();
    consumers[0]!.crash(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(consumers).toHaveLength(1);
  });
});
