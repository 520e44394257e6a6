/** Kinds of actor the reference's AuditEventActor has that Quire records. */
export type AuditActorType = 'user' | 'system';

/** The reference's AuditEvent `source` values Quire records: REST calls, the operator's CLI, and its own reactions. */
export type AuditSource = 'api' | 'script' | 'workflow';

export interface AuditParty {
  type: string;
  id: string;
  label?: string;
}

/** One recorded state change of one organization (the reference's AuditEventDetails, before presenting). */
export interface AuditEventRecord {
  /** A UUID derived from the event id and the organization: the same event always gives the same record. */
  id: string;
  organizationId: string;
  occurredAt: Date;
  action: string;
  actor: AuditParty & { type: AuditActorType };
  source: AuditSource;
  target: AuditParty;
  /** The id of the event the record was made of. */
  executionId: string;
  correlationId: string;
  /** The record of the event a consumer reacted to when it made this one. */
  causedBy: string | null;
  schemaVersion: number;
  payload: Record<string, unknown>;
}

/** One page of a list: newest first, `next` when more remain. */
export interface AuditEventPage {
  rows: AuditEventRecord[];
  next: AuditCursor | null;
}

/** Where a page starts: after this (occurredAt, id) in newest-first order. */
export interface AuditCursor {
  occurredAt: Date;
  id: string;
}

export interface AuditEventFilter {
  from?: Date;
  to?: Date;
  action?: string;
  actor?: string;
  target?: string;
}
