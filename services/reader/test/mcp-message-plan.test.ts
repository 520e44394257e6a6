import { answerBudget } from '../src/modules/machine-readable/domain/answer-budget';
import { MCP_MESSAGE_LIMITS, planMcpMessage } from '../src/modules/machine-readable/domain/mcp-message-plan';
import { workGate } from '../src/modules/machine-readable/domain/work-gate';

// What one MCP request may ask for: its cost against the client's limit (one per message), the
// batch cap, the answer bytes it shares, and how many of its calls run at once.

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('planMcpMessage', () => {
  it('charges one per message: a single message, an empty batch, a full batch', () => {
    expect(planMcpMessage(ping(1))).toEqual({ ok: true, cost: 1 });
    expect(planMcpMessage([])).toEqual({ ok: true, cost: 1 });
    expect(planMcpMessage(Array.from({ length: 20 }, (_, i) => ping(i)))).toEqual({ ok: true, cost: 20 });
  });

  it('refuses a batch past the cap, naming it and the batch size', () => {
    expect(MCP_MESSAGE_LIMITS.batchMessages).toBe(20);
    expect(planMcpMessage(Array.from({ length: 21 }, (_, i) => ping(i)))).toEqual({
      ok: false,
      message: 'A batch holds at most 20 messages, this one has 21: send the rest in another request',
    });
    expect(planMcpMessage([ping(1), ping(2), ping(3)], { batchMessages: 2 })).toMatchObject({ ok: false });
  });
});

describe('answerBudget', () => {
  it('takes answers while they fit, in UTF-8 bytes, and refuses one that does not fit whole', () => {
    const budget = answerBudget(10);
    expect(budget.take('éé')).toBe(true); // 4 bytes
    expect(budget.take('1234567')).toBe(false); // 7 > 6 left: nothing taken
    expect(budget.take('123456')).toBe(true);
    expect(budget.take('x')).toBe(false);
    expect(budget.take('')).toBe(true);
  });
});

describe('workGate', () => {
  it('runs at most its width at once, in arrival order, and passes results and failures through', async () => {
    const gate = workGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i === 3) throw new Error('three');
      return i;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((i) => gate.run(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 2, 'three', 4, 5, 6]);
    // A freed slot is not lost: the next task runs at once.
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});
