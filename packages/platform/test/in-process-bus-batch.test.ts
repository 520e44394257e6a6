import { InProcessBus, type ReceivedMessage } from '../src/bus';
import { createLogger } from '../src/logger';

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('InProcessBus batch subscriptions', () => {
  it('delivers queued messages as one batch and redelivers the whole batch after a failure', async () => {
    const bus = new InProcessBus(createLogger('test', 'silent'));
    const batches: string[][] = [];
    let failures = 1;
    const single: string[] = [];
    await bus.subscribe({
      groupId: 'batch',
      topics: ['t'],
      handle: async () => {
        throw new Error('a batch subscription must not get single messages');
      },
      handleBatch: async (messages: ReceivedMessage[]) => {
        if (failures-- > 0) throw new Error('store down');
        batches.push(messages.map((m) => m.value));
      },
    });
    await bus.subscribe({ groupId: 'single', topics: ['t'], handle: async (m) => void single.push(m.value) });
    await bus.publish('t', [
      { key: 'k', value: '1' },
      { key: 'k', value: '2' },
    ]);
    await bus.publish('t', [{ key: 'k', value: '3' }]);
    await until(() => batches.flat().length >= 3 && single.length >= 3);
    // Nothing lost, nothing twice, order kept; the failed batch came back whole.
    expect(batches.flat()).toEqual(['1', '2', '3']);
    expect(batches[0]).toEqual(['1', '2', '3']);
    expect(single).toEqual(['1', '2', '3']);
    await bus.close();
  });

  it('keeps messages published while a batch is being handled for the next batch', async () => {
    const bus = new InProcessBus(createLogger('test', 'silent'));
    const batches: string[][] = [];
    let publishDuring: (() => Promise<void>) | null = async () => bus.publish('t', [{ key: 'k', value: 'late' }]);
    await bus.subscribe({
      groupId: 'batch',
      topics: ['t'],
      handle: async () => undefined,
      handleBatch: async (messages) => {
        const during = publishDuring;
        publishDuring = null;
        if (during) await during();
        batches.push(messages.map((m) => m.value));
      },
    });
    await bus.publish('t', [{ key: 'k', value: 'first' }]);
    await until(() => batches.length >= 2);
    expect(batches).toEqual([['first'], ['late']]);
    await bus.close();
  });
});
