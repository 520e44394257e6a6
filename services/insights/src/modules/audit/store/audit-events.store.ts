import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { AuditEventsTable, Database } from '../../../database';
import type { AuditCursor, AuditEventFilter, AuditEventPage, AuditEventRecord } from '../model/audit-event';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function recordOf(row: Selectable<AuditEventsTable>): AuditEventRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    occurredAt: row.occurred_at,
    action: row.action,
    actor: { type: row.actor_type as AuditEventRecord['actor']['type'], id: row.actor_id, ...(row.actor_label ? { label: row.actor_label } : {}) },
    source: row.source as AuditEventRecord['source'],
    target: { type: row.target_type, id: row.target_id, ...(row.target_label ? { label: row.target_label } : {}) },
    executionId: row.execution_id,
    correlationId: row.correlation_id,
    causedBy: row.caused_by,
    schemaVersion: row.schema_version,
    payload: (row.payload ?? {}) as Record<string, unknown>,
  };
}

/** Appends records; one already stored (a redelivered event: same id) is left as it is. */
export async function insertAuditEvents(tx: SqlExecutor, records: readonly AuditEventRecord[]): Promise<void> {
  if (records.length === 0) return;
  await table(tx)
    .insertInto('audit_events')
    .values(
      records.map((r) => ({
        id: r.id,
        organization_id: r.organizationId,
        occurred_at: r.occurredAt,
        action: r.action,
        actor_type: r.actor.type,
        actor_id: r.actor.id,
        actor_label: r.actor.label ?? null,
        source: r.source,
        target_type: r.target.type,
        target_id: r.target.id,
        target_label: r.target.label ?? null,
        execution_id: r.executionId,
        correlation_id: r.correlationId,
        caused_by: r.causedBy,
        schema_version: r.schemaVersion,
        payload: JSON.stringify(r.payload),
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * One page of an organization's records, newest first, after `cursor` (keyset: the page costs the
 * same at any depth, and no count over the whole log is taken). One row more than asked tells
 * whether a next page exists.
 */
export async function listAuditEventRows(
  db: SqlExecutor,
  organizationId: string,
  filter: AuditEventFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<AuditEventPage> {
  let query = table(db).selectFrom('audit_events').selectAll().where('organization_id', '=', organizationId);
  if (filter.from) query = query.where('occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('occurred_at', '<=', filter.to);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
  if (filter.target !== undefined) query = query.where('target_id', '=', filter.target);
  if (cursor) query = query.where((eb) => eb(eb.refTuple('occurred_at', 'id'), '<', eb.tuple(cursor.occurredAt, cursor.id)));
  const rows = await query
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map(recordOf);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? { occurredAt: last.occurredAt, id: last.id } : null };
}

export async function findAuditEventRow(db: SqlExecutor, organizationId: string, id: string): Promise<AuditEventRecord | null> {
  const row = await table(db).selectFrom('audit_events').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row ? recordOf(row) : null;
}

/** Retention: drops the records that occurred before `cutoff`; returns how many. */
export async function deleteAuditEventsBefore(db: SqlExecutor, cutoff: Date): Promise<number> {
  const result = await table(db).deleteFrom('audit_events').where('occurred_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
