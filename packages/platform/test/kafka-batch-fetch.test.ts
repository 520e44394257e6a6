import { KafkaBus } from '../src/bus/kafka';
import type { Subscription } from '../src/bus/bus';
import { createLogger } from '../src/logger';

// What a subscription asks the broker for: a batch subscription's fetch waits for its min bytes or
// its wait, whichever comes first; a one-by-one subscription takes kafkajs's defaults.

function busRecordingConsumerConfigs(): { bus: KafkaBus; configs: Record<string, unknown>[] } {
  const bus = new KafkaBus(['127.0.0.1:1'], 'test', createLogger('test', 'silent'));
  const configs: Record<string, unknown>[] = [];
  (bus as unknown as { consumerKafka: unknown }).consumerKafka = {
    consumer: (config: Record<string, unknown>) => {
      configs.push(config);
      return {
        events: { CRASH: 'crash' },
        on: () => undefined,
        connect: async () => undefined,
        subscribe: async () => undefined,
        run: async () => undefined,
        disconnect: async () => undefined,
      };
    },
  };
  return { bus, configs };
}

const base: Subscription = { groupId: 'g', topics: ['t'], handle: async () => undefined };
const batch: Subscription = { ...base, handleBatch: async () => undefined };

describe('the Kafka bus fetch settings', () => {
  it('gives a batch subscription the default 1 MiB min bytes and a 2 s wait', async () => {
    const { bus, configs } = busRecordingConsumerConfigs();
    await bus.subscribe(batch);
    expect(configs[0]).toMatchObject({ minBytes: 1024 * 1024, maxWaitTimeInMs: 2000, maxBytes: 16 * 1024 * 1024 });
    await bus.close();
  });

  it("takes a batch subscription's own min bytes and wait", async () => {
    const { bus, configs } = busRecordingConsumerConfigs();
    await bus.subscribe({ ...batch, batchMinBytes: 12 * 1024 * 1024, batchWaitMs: 500 });
    expect(configs[0]).toMatchObject({ minBytes: 12 * 1024 * 1024, maxWaitTimeInMs: 500 });
    await bus.close();
  });

  it('never asks for more min bytes than a fetch may carry', async () => {
    const { bus, configs } = busRecordingConsumerConfigs();
    await bus.subscribe({ ...batch, batchMinBytes: 1024 * 1024 * 1024 });
    expect(configs[0]).toMatchObject({ minBytes: 16 * 1024 * 1024, maxBytes: 16 * 1024 * 1024 });
    await bus.close();
  });

  it('leaves a one-by-one subscription to kafkajs defaults', async () => {
    const { bus, configs } = busRecordingConsumerConfigs();
    await bus.subscribe({ ...base, batchMinBytes: 12 * 1024 * 1024 });
    expect(configs[0]).not.toHaveProperty('minBytes');
    expect(configs[0]).not.toHaveProperty('maxWaitTimeInMs');
    await bus.close();
  });
});
