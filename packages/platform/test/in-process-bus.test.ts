import { InProcessBus } from '../src/bus';
import { createLogger } from '../src/logger';

describe('InProcessBus', () => {
  it('gives every group each message of its topics in order, retrying failures', async () => {
    const bus = new InProcessBus(createLogger('test', 'silent'));
    const a: string[] = [];
    const b: string[] = [];
    let failures = 1;
    await bus.subscribe({ groupId: 'a', topics: ['t'], handle: async (m) => void a.push(m.value) });
    await bus.subscribe({
      groupId: 'b',
      topics: ['t', 'u'],
      handle: async (m) => {
        if (failures-- > 0) throw new Error('once');
        b.push(m.value);
      },
    });
    await bus.publish('t', [
      { key: 'k', value: '1' },
      { key: 'k', value: '2' },
    ]);
    await bus.publish('u', [{ key: 'k', value: '3' }]);
    const deadline = Date.now() + 3000;
    while ((a.length < 2 || b.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(a).toEqual(['1', '2']);
    expect(b).toEqual(['1', '2', '3']);
    await expect(bus.subscribe({ groupId: 'a', topics: ['t'], handle: async () => undefined })).rejects.toThrow(/already/);
    await bus.close();
  });
});
