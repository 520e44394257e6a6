import { z } from 'zod';

// Who caused an event, carried in its envelope next to `data` (not inside it, so no event type
// declares it): the platform's request context fills it when the event is enqueued
// (packages/platform/src/outbox/actor-context.ts). The audit log reads it; other consumers ignore it.

export const EVENT_SOURCES = ['api', 'script', 'system'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

export const eventActor = z.object({
  /** `user`: an API token's user; `system`: Quire itself (consumers, jobs, timers) or the operator's CLI. */
  type: z.enum(['user', 'system']),
  /** The user id; for `system` a name: `quire` (Quire's own work) or `cli` (the operator's admin calls). */
  id: z.string(),
  /** The API token the user called with. */
  tokenId: z.string().optional(),
  /** `api`: a REST call; `script`: an admin call of the CLI; `system`: a consumer, job or timer. */
  source: z.enum(EVENT_SOURCES),
  /** Shared by every event one request caused, and by the events consumers made of them. */
  correlationId: z.string(),
  /** A consumer's event: the id of the event it reacted to. */
  causedBy: z.string().optional(),
});

export type EventActor = z.output<typeof eventActor>;

/** An envelope's actor, or undefined when it has none or one this version cannot read (never a reason to park). */
export function readEventActor(value: unknown): EventActor | undefined {
  if (value === undefined) return undefined;
  const actor = eventActor.safeParse(value);
  return actor.success ? actor.data : undefined;
}
