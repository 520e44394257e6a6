import type { SqlExecutor } from '@quire/platform/sql';
import type { AuditCursor, AuditEventFilter, AuditEventPage } from '../model/audit-event';
import { listAuditEventRows } from '../store/audit-events.store';

/**
 * The operator's export (`audit export`, an admin call signed with INTERNAL_SECRET, no user): one
 * page of a range, newest first; the CLI follows the cursor.
 */
export function exportAuditEvents(
  deps: { db: SqlExecutor },
  organizationId: string,
  filter: AuditEventFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<AuditEventPage> {
  return listAuditEventRows(deps.db, organizationId, filter, cursor, limit);
}
