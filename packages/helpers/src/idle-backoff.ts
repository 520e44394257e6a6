/**
 * The wait before a poller's next look: `intervalMs` after a look that found work; otherwise double
 * the last wait, up to `idleMaxMs` (never below `intervalMs`). A poller that keeps finding nothing
 * then costs a fraction of its interval's queries, and one that finds work polls at its pace again.
 */
export function idleBackoffMs(lastWaitMs: number, foundWork: boolean, intervalMs: number, idleMaxMs: number): number {
  return foundWork ? intervalMs : Math.min(lastWaitMs * 2, Math.max(intervalMs, idleMaxMs));
}
