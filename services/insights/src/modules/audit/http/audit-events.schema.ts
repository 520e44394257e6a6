import { resourceId, z } from '@quire/input';
import type { AuditCursor } from '../model/audit-event';

// The parameters of listOrganizationAuditEvents, getOrganizationAuditEvent and
// listOrganizationAuditEventActions (reference 0.202.0).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const organizationParams = z.object({ organizationId: resourceId });
/** An id that is not a UUID names no audit event: a 404, as every malformed path id. */
export const auditEventParams = organizationParams.extend({ auditEventId: z.string().regex(UUID, 'must be a UUID') });

/** `page`: a token this API returned in `next.page` (the position after a page's last event). */
const auditPage = z.string().transform((raw, ctx): AuditCursor => {
  const cursor = decodeAuditCursor(raw);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: 'not a page token returned by this API' });
    return z.NEVER;
  }
  return cursor;
});

const dateTime = z
  .string()
  .datetime({ offset: true })
  .transform((value) => new Date(value));
const exact = z.string().min(1).max(256);

export const auditEventsQuery = z.object({
  page: auditPage.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer from 1 to 100')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'must be an integer from 1 to 100')
    .optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  action: exact.optional(),
  actor: exact.optional(),
  target: exact.optional(),
});

/** The reference's default page size. */
export const DEFAULT_AUDIT_LIMIT = 20;

function decodeAuditCursor(raw: string): AuditCursor | null {
  if (raw.length === 0 || raw.length > 300) return null;
  try {
    const doc = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown; t?: unknown; i?: unknown };
    if (doc.v !== 1 || typeof doc.t !== 'string' || typeof doc.i !== 'string' || !UUID.test(doc.i)) return null;
    const occurredAt = new Date(doc.t);
    return Number.isNaN(occurredAt.getTime()) ? null : { occurredAt, id: doc.i };
  } catch {
    return null;
  }
}
