import type { SqlExecutor } from '@quire/platform/sql';
import { auditRecordsOf, type AuditedEvent } from '../domain/audit-records';
import { insertAuditEvents } from '../store/audit-events.store';

/**
 * Records an event in the audit log of each organization it concerns, in the consumer's
 * transaction (the one that marks the event processed): an event is recorded once.
 */
export async function recordAuditEvents(tx: SqlExecutor, event: AuditedEvent): Promise<void> {
  await insertAuditEvents(tx, auditRecordsOf(event));
}
