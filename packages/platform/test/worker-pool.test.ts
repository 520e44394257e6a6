import { join } from 'node:path';
import { WorkerPool, WorkerTaskTimeout, workerScript } from '../src/workers';
import { ApiError } from '@quire/errors';

// The pool content converts in (worker-pool.ts): real threads running test/fixtures/pool-tasks.js.

const file = join(__dirname, 'fixtures', 'pool-tasks.js');
const pools: WorkerPool[] = [];
const pool = (options: Partial<ConstructorParameters<typeof WorkerPool>[0]> = {}) => {
  const made = new WorkerPool({ file, size: 2, maxQueue: 10, taskTimeoutMs: 10_000, ...options });
  pools.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The longest the event loop went without running a 5 ms timer while `work` ran. */
async function loopLag(work: Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  await work.finally(() => clearInterval(timer));
  return worst;
}

describe('WorkerPool', () => {
  it('answers a task with its output, structured data intact', async () => {
    const input = { text: 'a'.repeat(1000), nested: [{ n: 1 }, { n: 2 }], bytes: new Uint8Array([1, 2, 3]) };
    expect(await pool().run('echo', input)).toEqual(input);
  });

  it('keeps the event loop answering while a task computes for a second', async () => {
    const lag = await loopLag(pool().run('spin', 1000));
    expect(lag).toBeLessThan(200);
  });

  it("rejects with the task's error: name and message, an ApiError with its status", async () => {
    const p = pool();
    await expect(p.run('fail', 'bad input')).rejects.toMatchObject({ name: 'TypeError', message: 'bad input' });
    const refused = await p.run('refuse', null).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 422, message: 'this page cannot be read' });
    await expect(p.run('nope', null)).rejects.toThrow('no task named nope');
    await expect(p.run('unsendable', null)).rejects.toThrow(/unsendable task's answer cannot be sent/);
    // The thread survives its tasks' errors.
    expect(await p.run('echo', 'still here')).toBe('still here');
  });

  it('revives errors the caller tells apart by class', async () => {
    class Refused extends Error {}
    const p = pool({ reviveError: (reply) => (reply.error.name === 'TypeError' ? new Refused(reply.error.message) : undefined) });
    await expect(p.run('fail', 'no')).rejects.toBeInstanceOf(Refused);
  });

  it('stops a task over its time limit with a 503 naming it, terminates its thread and goes on with a fresh one', async () => {
    // The short limit is the stuck task's alone: starting a thread has taken over 300 ms on a busy machine.
    const p = pool({ size: 1 });
    const first = await p.run<number>('spin', 0);
    const started = Date.now();
    const stopped = await p.run('forever', null, { what: 'Converting this page', timeoutMs: 300 }).catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stopped).toBeInstanceOf(ApiError);
    // Told apart from the pool's other 503s (busy, stopping) by callers that answer a timeout otherwise.
    expect(stopped).toBeInstanceOf(WorkerTaskTimeout);
    expect(stopped).toMatchObject({ code: 503, message: 'Converting this page took longer than 300 ms and was stopped' });
    const next = await p.run<number>('spin', 0);
    expect(next).not.toBe(first);
    expect(p.stats().threads).toBe(1);
  });

  it('gives a task waiting behind a stopped one a fresh thread', async () => {
    // Only the stuck task has the short limit: the waiting one's also covers starting the fresh
    // thread, which a busy machine (two test files at once) has taken over 300 ms to do.
    const p = pool({ size: 1 });
    const [stopped, waited] = await Promise.allSettled([p.run('forever', null, { timeoutMs: 300 }), p.run('echo', 'after')]);
    expect(stopped).toMatchObject({ status: 'rejected', reason: { code: 503 } });
    expect(waited).toEqual({ status: 'fulfilled', value: 'after' });
  });

  it('takes a per-task time limit over its own', async () => {
    const p = pool({ taskTimeoutMs: 60_000 });
    await expect(p.run('forever', null, { timeoutMs: 200 })).rejects.toMatchObject({ code: 503, message: /200 ms/ });
  });

  it('runs at most `size` tasks at once, the others waiting their turn', async () => {
    const p = pool({ size: 2 });
    const tasks = [1, 2, 3, 4, 5].map(() => p.run<number>('wait', 200));
    expect(p.stats()).toEqual({ threads: 2, running: 2, queued: 3 });
    const threads = new Set(await Promise.all(tasks));
    expect(threads.size).toBe(2);
    expect(p.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('refuses a task at once with a 503 when the queue is full', async () => {
    const p = pool({ size: 1, maxQueue: 1, work: 'parsing documents' });
    const running = p.run('wait', 100);
    const queued = p.run('wait', 100);
    const refused = await p.run('wait', 100).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 503, message: 'The server is busy parsing documents (1 tasks waiting); try again shortly' });
    expect(refused).not.toBeInstanceOf(WorkerTaskTimeout);
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
  });

  it('fails waiting tasks and refuses new ones once closed', async () => {
    const p = pool({ size: 1 });
    const running = p.run('wait', 100).catch((err: unknown) => err);
    const waiting = p.run('wait', 100).catch((err: unknown) => err);
    await p.close();
    expect(await waiting).toMatchObject({ code: 503 });
    expect(await running).toMatchObject({ code: 503 });
    await expect(p.run('echo', 1)).rejects.toMatchObject({ code: 503 });
  });

  it('lets an idle thread go', async () => {
    const p = pool({ idleMs: 50 });
    await p.run('echo', 1);
    expect(p.stats().threads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(p.stats().threads).toBe(0);
    expect(await p.run('echo', 2)).toBe(2);
  });
});

describe('workerScript', () => {
  it('finds a module beside its caller, else the built one in dist/ (a module run by ts-jest from src/)', () => {
    const dist = join(__dirname, '..', 'dist', 'workers');
    expect(workerScript(dist, 'worker-tasks')).toBe(join(dist, 'worker-tasks.js'));
    expect(workerScript(join(__dirname, '..', 'src', 'workers'), 'worker-tasks')).toBe(join(dist, 'worker-tasks.js'));
    expect(() => workerScript(join(__dirname, '..', 'src', 'workers'), 'missing')).toThrow(/missing\.js not found.*npm run build/);
  });
});
