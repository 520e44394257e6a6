import { classifyFailure } from './failure-kind';

/**
 * Delivers `messages` through `attempt`. When it fails permanently, the two halves are delivered
 * on their own (recursively), so the good messages are applied and only a single bad message
 * reaches `park`: k bad messages among n cost O(k log n) attempts. A transient failure throws at
 * once, so the bus delivers the whole batch again later (an attempt must therefore be idempotent:
 * halves it already applied are applied again on redelivery).
 */
export async function deliverBisecting<M>(
  messages: readonly M[],
  attempt: (messages: M[]) => Promise<void>,
  park: (message: M, err: unknown) => Promise<void>,
): Promise<void> {
  if (messages.length === 0) return;
  try {
    await attempt(messages.slice());
    return;
  } catch (err) {
    if (classifyFailure(err) === 'transient') throw err;
    if (messages.length === 1) return park(messages[0] as M, err);
  }
  const middle = Math.ceil(messages.length / 2);
  await deliverBisecting(messages.slice(0, middle), attempt, park);
  await deliverBisecting(messages.slice(middle), attempt, park);
}
