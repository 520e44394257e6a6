import { Router } from 'express';
import { parseInput, resourceId, z } from '@quire/input';
import { AUDIT_EXPORT, AUDIT_EXPORT_PATH, requireAdminCall } from '@quire/platform/http';
import type { SqlExecutor } from '@quire/platform/sql';
import { exportAuditEvents } from '../application/export-audit-events';
import { encodeAuditCursor, presentAuditEventDetails } from '../presenters/audit-event.presenter';
import type { UrlBuilder } from '@quire/urls';
import { auditEventsQuery } from './audit-events.schema';

// The operator's export (`npm run -s cli -- audit export`): on the service's own HTTP port under
// /internal, never proxied by the gateway, signed like the dead-letter calls. No user: the
// operator holds INTERNAL_SECRET, which reads every organization's log.

const EXPORT_PAGE = 1000;

const exportQuery = auditEventsQuery.omit({ limit: true }).extend({
  organizationId: resourceId,
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= EXPORT_PAGE, `must be an integer from 1 to ${EXPORT_PAGE}`)
    .optional(),
});

/** Mounted before the principal check of the service app. One page per call, with each event's details. */
export function auditAdminRoutes(deps: { db: SqlExecutor; urls: UrlBuilder; internalSecret: string }): Router {
  const router = Router();
  router.get(AUDIT_EXPORT_PATH, requireAdminCall(AUDIT_EXPORT, deps.internalSecret), async (req, res) => {
    const { organizationId, page, limit, ...filter } = parseInput(exportQuery, req.query, 'query');
    const { rows, next } = await exportAuditEvents(deps, organizationId, filter, page ?? null, limit ?? EXPORT_PAGE);
    res.json({ items: rows.map((row) => presentAuditEventDetails(row, deps.urls)), ...(next ? { next: { page: encodeAuditCursor(next) } } : {}) });
  });
  return router;
}
