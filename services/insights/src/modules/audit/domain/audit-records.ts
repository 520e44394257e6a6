import { createHash } from 'node:crypto';
import type { EventActor } from '@quire/contracts';
import type { AuditEventRecord, AuditSource } from '../model/audit-event';
import { actionIdOf, AUDIT_ACTIONS } from './audit-actions';

/** The version of `payload` (the event's declared data); a changed data shape bumps it. */
export const AUDIT_SCHEMA_VERSION = 1;

/** What the audit log reads of an event: its envelope as parseEvent gives it. */
export interface AuditedEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: object;
  actor?: EventActor;
}

const SOURCES: Record<EventActor['source'], AuditSource> = { api: 'api', script: 'script', system: 'workflow' };
const SYSTEM_LABELS: Record<string, string> = { quire: 'Quire', cli: 'Quire CLI (operator)' };

/**
 * A UUID (RFC 9562 layout, version 8: custom) from the SHA-256 of the event id and the organization:
 * a redelivered event gives the same id, and the table's primary key drops it.
 */
export function auditEventId(eventId: string, organizationId: string): string {
  const hex = createHash('sha256').update(`${eventId}\u0000${organizationId}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The organizations whose logs record an event: its own, both ends of a transfer, a token user's. */
export function organizationsOf(data: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  for (const field of ['organizationId', 'from', 'to']) {
    const value = data[field];
    if (typeof value === 'string' && value) ids.add(value);
  }
  const many = data.organizationIds;
  if (Array.isArray(many)) for (const value of many) if (typeof value === 'string' && value) ids.add(value);
  return [...ids];
}

/**
 * The audit records of one event: one per organization it concerns, none for an event type that is
 * not in the catalog (skipped, or declared after this build). An event without an actor (written
 * before producers carried one) is Quire's own.
 */
export function auditRecordsOf(event: AuditedEvent): AuditEventRecord[] {
  const action = actionIdOf(event.type);
  const spec = AUDIT_ACTIONS[action];
  if (!spec) return [];
  const data = event.data as Record<string, unknown>;
  const actor = event.actor;
  const actorId = actor?.id ?? 'quire';
  const actorLabel = actor?.type === 'user' ? undefined : SYSTEM_LABELS[actorId];
  return organizationsOf(data).map((organizationId) => ({
    id: auditEventId(event.id, organizationId),
    organizationId,
    occurredAt: new Date(event.occurredAt),
    action,
    actor: { type: actor?.type ?? 'system', id: actorId, ...(actorLabel ? { label: actorLabel } : {}) },
    source: actor ? SOURCES[actor.source] : 'workflow',
    target: spec.target(data),
    executionId: event.id,
    correlationId: actor?.correlationId ?? event.id,
    causedBy: actor?.causedBy ? auditEventId(actor.causedBy, organizationId) : null,
    schemaVersion: AUDIT_SCHEMA_VERSION,
    payload: data,
  }));
}
