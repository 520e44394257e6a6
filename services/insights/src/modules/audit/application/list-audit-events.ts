import type { AuditCursor, AuditEventFilter, AuditEventPage } from '../model/audit-event';
import { authorizeAuditLog } from '../policies/audit.policy';
import { listAuditEventRows } from '../store/audit-events.store';
import type { AuditDeps, Caller } from './deps';

export interface AuditEventQuery {
  organizationId: string;
  filter: AuditEventFilter;
  cursor: AuditCursor | null;
  limit: number;
}

/** listOrganizationAuditEvents: an administrator reads the log, newest first. */
export async function listAuditEvents(deps: AuditDeps, caller: Caller, query: AuditEventQuery): Promise<AuditEventPage> {
  await authorizeAuditLog(deps, query.organizationId, caller);
  return listAuditEventRows(deps.db, query.organizationId, query.filter, query.cursor, query.limit);
}
