import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventActor } from '@quire/contracts';

// Who is acting in this asynchronous flow: set once where a caller is verified (the service app's
// principal check, an admin call's signature, a consumer's delivery) and read by enqueueEvent, so
// every outbox event carries its actor without any call site passing it.

const actors = new AsyncLocalStorage<EventActor>();
let tracking = true;

/**
 * For a process whose services write no events (distributed mode's reader, insights, webhooks):
 * actors are no longer tracked, since nothing reads them. An AsyncLocalStorage in use makes Node
 * run a hook on every promise, timer and tick of the process, about 5% of the reader's CPU per page
 * (docs/benchmarks.md). An event written after this throws rather than going out without its actor.
 */
export function stopTrackingActors(): void {
  tracking = false;
}

/** Runs `fn` (and everything it awaits or schedules) as `actor`. */
export function runAsActor<T>(actor: EventActor, fn: () => T): T {
  return tracking ? actors.run(actor, fn) : fn();
}

/** The actor of the flow, if one was set. Throws in a process that stopped tracking them. */
export function currentActor(): EventActor | undefined {
  if (!tracking) throw new Error('This process writes no events (stopTrackingActors): its service must declare writesEvents');
  return actors.getStore();
}

/** A REST call: the token's user, through the API. */
export function apiActor(principal: { userId: string; tokenId: string }, requestId: string): EventActor {
  return { type: 'user', id: principal.userId, ...(principal.tokenId ? { tokenId: principal.tokenId } : {}), source: 'api', correlationId: requestId };
}

/** An operator's admin call (the CLI, signed with INTERNAL_SECRET): no user, the `cli` system actor. */
export function scriptActor(correlationId: string): EventActor {
  return { type: 'system', id: 'cli', source: 'script', correlationId };
}

/**
 * Quire's own work: a consumer reacting to `cause` (its correlation is carried on, so one user
 * action's consequences share it) or, without a cause, a timer or job.
 */
export function systemActor(correlationId: string, cause?: { id: string }): EventActor {
  return { type: 'system', id: 'quire', source: 'system', correlationId, ...(cause ? { causedBy: cause.id } : {}) };
}
