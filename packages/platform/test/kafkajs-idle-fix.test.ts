import { KafkaBus } from '../src/bus/kafka';
import { fixKafkajsIdleWakeUps, scheduleCheckPendingRequests } from '../src/bus/kafkajs-idle-fix';
import { createLogger } from '../src/logger';

// kafkajs's own RequestQueue, driven as its connection drives it (push, then fulfillRequest when the
// broker answers), on fake timers: how often does an idle queue wake up, and does a queued request
// still leave when the in-flight limit or the broker's throttle lets it?

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  push(request: { entry: Entry; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(answer: { correlationId: number; payload: unknown; size: number }): void;
  maybeThrottle(ms: number): void;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
}
interface Entry {
  correlationId: number;
  apiName: string;
  resolve: (value: unknown) => void;
}
type QueueClass = { new (options: object): Queue; prototype: Queue };

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the class kafka.ts fixes, as kafkajs ships it
const RequestQueue = require('kafkajs/src/network/requestQueue') as QueueClass;
const kafkajsScheduler = RequestQueue.prototype.scheduleCheckPendingRequests;
const silent = { debug: () => undefined, warn: () => undefined, info: () => undefined, error: () => undefined };

function queue(maxInFlightRequests: number | null = null): { queue: Queue; sent: number[]; checks: () => number } {
  const q = new RequestQueue({ maxInFlightRequests, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'test', broker: 'b:9092', logger: silent });
  let checks = 0;
  const check = q.checkPendingRequests.bind(q);
  q.checkPendingRequests = () => {
    checks++;
    check();
  };
  const sent: number[] = [];
  return { queue: q, sent, checks: () => checks };
}

let nextId = 0;
function send(q: ReturnType<typeof queue>): number {
  const correlationId = ++nextId;
  q.queue.push({ entry: { correlationId, apiName: 'Fetch', resolve: () => undefined }, expectResponse: true, sendRequest: () => q.sent.push(correlationId) });
  return correlationId;
}
const answer = (q: ReturnType<typeof queue>, correlationId: number) => q.queue.fulfillRequest({ correlationId, payload: {}, size: 0 });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('unfixed, an idle queue checks its empty queue about every millisecond after one answer (why the fix exists)', () => {
  const q = queue();
  q.queue.scheduleCheckPendingRequests = kafkajsScheduler;
  answer(q, send(q));
  jest.advanceTimersByTime(1000);
  expect(q.checks()).toBeGreaterThan(500);
  q.queue.destroy();
});

describe('fixed', () => {
  test('the Kafka bus fixes kafkajs when it loads it, before any connection exists', () => {
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(kafkajsScheduler);
    new KafkaBus(['127.0.0.1:1'], 'test', createLogger('test', 'silent'));
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(scheduleCheckPendingRequests);
  });

  test('an idle queue arms no timer after an answer', () => {
    const q = queue();
    answer(q, send(q));
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(10_000);
    expect(q.checks()).toBe(1); // the answer's own check, nothing after it
  });

  test('a request held back by the in-flight limit leaves when the request before it is answered', () => {
    const q = queue(1);
    const first = send(q);
    const second = send(q);
    expect(q.sent).toEqual([first]);
    answer(q, first);
    expect(q.sent).toEqual([first, second]);
    answer(q, second);
    // The check the queued request armed runs once more, finds nothing, and arms nothing.
    jest.advanceTimersByTime(1000);
    expect(jest.getTimerCount()).toBe(0);
    expect(q.checks()).toBeLessThan(5);
  });

  test('a request queued under the broker throttle leaves when the throttle ends, not before', () => {
    const q = queue();
    q.queue.maybeThrottle(50);
    const id = send(q);
    expect(q.sent).toEqual([]);
    jest.advanceTimersByTime(45);
    expect(q.sent).toEqual([]);
    jest.advanceTimersByTime(10);
    expect(q.sent).toEqual([id]);
    answer(q, id);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a request queued at the throttle’s last millisecond is still checked again (kafkajs #1532’s case)', () => {
    const q = queue();
    q.queue.maybeThrottle(1);
    const id = send(q);
    jest.advanceTimersByTime(20);
    expect(q.sent).toEqual([id]);
  });

  test('fixing again changes nothing', () => {
    fixKafkajsIdleWakeUps(RequestQueue);
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(scheduleCheckPendingRequests);
  });
});
