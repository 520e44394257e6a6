import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { ForegroundGate } from '../src/modules/search/consumers/foreground-gate';

// Background work waits for a quiet moment between requests, and never longer than its bound.

describe('ForegroundGate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A request through the gate's middleware; answers a function that ends it. */
  const request = (gate: ForegroundGate) => {
    const res = new EventEmitter();
    gate.middleware({} as Request, res as unknown as Response, () => undefined);
    return () => res.emit('close');
  };
  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('waits while a request is in flight, then for the quiet period after it', async () => {
    const gate = new ForegroundGate(30);
    await jest.advanceTimersByTimeAsync(30);
    const end = request(gate);
    const waiting = settled(gate.quiet(10_000));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(waiting.done).toBe(false);
    end();
    await jest.advanceTimersByTimeAsync(29);
    expect(waiting.done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(waiting.done).toBe(true);
  });

  it('gives up waiting after its bound under a steady load', async () => {
    const gate = new ForegroundGate(30);
    request(gate);
    const waiting = settled(gate.quiet(1_000));
    await jest.advanceTimersByTimeAsync(999);
    expect(waiting.done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(waiting.done).toBe(true);
  });

  it('does not wait when nothing was asked for a while', async () => {
    const gate = new ForegroundGate(30);
    await jest.advanceTimersByTimeAsync(30);
    const waiting = settled(gate.quiet(1_000));
    await jest.advanceTimersByTimeAsync(0);
    expect(waiting.done).toBe(true);
  });
});
