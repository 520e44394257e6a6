import { contentEvents, identityEvents, sitesEvents, specsEvents } from '@quire/contracts';
import type { ReceivedMessage, Subscription } from '@quire/platform/bus';
import { idempotentConsumer } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import { recordAuditEvents } from '../application/record-audit-events';

export const AUDIT_LOG_CONSUMER = 'insights-audit-log';

/** The fact topics of every service; the job topics (content.jobs, specs.jobs) change no state of their own. */
export const AUDITED_TOPICS = [identityEvents, contentEvents, sitesEvents, specsEvents] as const;

/**
 * Every service's facts into the audit log, each event once: its id is recorded in
 * processed_events in the transaction that appends its records (and the records' ids derive from
 * it, so even a replayed dead letter adds nothing twice).
 */
export function auditSubscription(ctx: Pick<ServiceContext, 'db'>): Subscription {
  const handlers = new Map<string, (message: ReceivedMessage) => Promise<void>>(
    AUDITED_TOPICS.map((topic) => [topic.name, idempotentConsumer(ctx.db, AUDIT_LOG_CONSUMER, topic, (tx, event) => recordAuditEvents(tx, event))]),
  );
  return {
    groupId: AUDIT_LOG_CONSUMER,
    topics: AUDITED_TOPICS.map((topic) => topic.name),
    handle: async (message) => {
      const handler = handlers.get(message.topic);
      if (handler) await handler(message);
    },
  };
}
