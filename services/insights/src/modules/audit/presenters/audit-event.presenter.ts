import type { UrlBuilder } from '@quire/urls';
import type { AuditCursor, AuditEventRecord } from '../model/audit-event';

// The reference's AuditEvent, AuditEventDetails and AuditEventAction (0.202.0).

export interface AuditEventJson {
  object: 'audit-event';
  id: string;
  occurredAt: string;
  action: string;
  actor: { type: string; id: string; label?: string };
  source: string;
  target: { type: string; id: string; label?: string };
  urls: { location: string };
}

export type AuditEventDetailsJson = AuditEventJson & {
  executionId: string;
  correlationId: string;
  causedByEventId?: string;
  schemaVersion: number;
  payload: Record<string, unknown>;
};

export function presentAuditEvent(record: AuditEventRecord, urls: Pick<UrlBuilder, 'api'>): AuditEventJson {
  return {
    object: 'audit-event',
    id: record.id,
    occurredAt: record.occurredAt.toISOString(),
    action: record.action,
    actor: { ...record.actor },
    source: record.source,
    target: { ...record.target },
    urls: { location: urls.api(`/orgs/${record.organizationId}/audit-events/${record.id}`) },
  };
}

export function presentAuditEventDetails(record: AuditEventRecord, urls: Pick<UrlBuilder, 'api'>): AuditEventDetailsJson {
  return {
    ...presentAuditEvent(record, urls),
    executionId: record.executionId,
    correlationId: record.correlationId,
    ...(record.causedBy ? { causedByEventId: record.causedBy } : {}),
    schemaVersion: record.schemaVersion,
    payload: record.payload,
  };
}

export function presentAuditEventAction(action: { id: string; label: string }) {
  return { object: 'audit-event-action' as const, id: action.id, label: action.label };
}

/** `next.page`: the opaque token of the position after the last item (http/audit-events.schema.ts reads it). */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify({ v: 1, t: cursor.occurredAt.toISOString(), i: cursor.id })).toString('base64url');
}

export function presentAuditEventPage(rows: AuditEventRecord[], next: AuditCursor | null, urls: Pick<UrlBuilder, 'api'>) {
  return { items: rows.map((row) => presentAuditEvent(row, urls)), ...(next ? { next: { page: encodeAuditCursor(next) } } : {}) };
}
