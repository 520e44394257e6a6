// kafkajs 2.2.4 (its last release) keeps every broker connection awake while it is idle. After each
// answer its RequestQueue schedules a check of the requests waiting to be sent, even when none
// waits; the check's delay is `throttledUntil - Date.now()`, negative unless the broker throttles,
// so Node runs it after 1 ms, and the check schedules itself again: about a thousand wake-ups a
// second per connection, forever (kafkajs issue #1556; the fix, PR #1667, was never merged).
// Measured on the CI's distributed stack: 30 to 50 ms of CPU a second in every service process,
// about half a core for the whole stack (docs/benchmarks.md, Idle CPU).
//
// The check only matters while requests wait: a request that cannot be sent at once (in-flight
// limit, broker throttling) is queued and schedules it; an answer or a timeout checks the queue
// again. So here the check is scheduled only while the queue holds requests, when the throttle ends
// or after kafkajs's own 10 ms.

/** The part of kafkajs's RequestQueue the fix reads and replaces. */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's CHECK_PENDING_REQUESTS_INTERVAL: how soon a queue held back by the in-flight limit is looked at again. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;
const FIXED = Symbol.for('quire.kafkajsIdleFix');

/** The fixed scheduler: a check only while requests wait, at the throttle's end or after 10 ms. */
export function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

/** Replaces kafkajs's scheduler on its RequestQueue class, once per process; later calls do nothing. */
export function fixKafkajsIdleWakeUps(requestQueueClass: { prototype: RequestQueueInternals }): void {
  const prototype = requestQueueClass.prototype as RequestQueueInternals & { [FIXED]?: true };
  if (prototype[FIXED]) return;
  if (typeof prototype.scheduleCheckPendingRequests !== 'function' || typeof prototype.checkPendingRequests !== 'function')
    throw new Error('kafkajs RequestQueue has no scheduleCheckPendingRequests: review bus/kafkajs-idle-fix.ts against this kafkajs version');
  prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  prototype[FIXED] = true;
}
