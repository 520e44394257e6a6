import { notFound } from '@quire/errors';
import type { AuditEventRecord } from '../model/audit-event';
import { authorizeAuditLog } from '../policies/audit.policy';
import { findAuditEventRow } from '../store/audit-events.store';
import type { AuditDeps, Caller } from './deps';

/** getOrganizationAuditEvent: one record of the organization's log, with its payload. */
export async function getAuditEvent(deps: AuditDeps, caller: Caller, organizationId: string, auditEventId: string): Promise<AuditEventRecord> {
  await authorizeAuditLog(deps, organizationId, caller);
  const record = await findAuditEventRow(deps.db, organizationId, auditEventId);
  if (!record) throw notFound(`Audit event ${auditEventId} not found`);
  return record;
}
