import { Router } from 'express';
import { route } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import type { AuditDeps } from '../application/deps';
import { getAuditEvent } from '../application/get-audit-event';
import { listAuditActions } from '../application/list-audit-actions';
import { listAuditEvents } from '../application/list-audit-events';
import { presentAuditEventAction, presentAuditEventDetails, presentAuditEventPage } from '../presenters/audit-event.presenter';
import { auditEventParams, auditEventsQuery, DEFAULT_AUDIT_LIMIT, organizationParams } from './audit-events.schema';

/** listOrganizationAuditEvents, getOrganizationAuditEvent, listOrganizationAuditEventActions. */
export function auditEventsRoutes(deps: AuditDeps & { urls: UrlBuilder }): Router {
  const router = Router();
  router.get(
    '/v1/orgs/:organizationId/audit-events',
    route({ params: organizationParams, query: auditEventsQuery }, async ({ params, query, principal }, res) => {
      const { page, limit, ...filter } = query;
      const { rows, next } = await listAuditEvents(deps, principal, {
        organizationId: params.organizationId,
        filter,
        cursor: page ?? null,
        limit: limit ?? DEFAULT_AUDIT_LIMIT,
      });
      res.json(presentAuditEventPage(rows, next, deps.urls));
    }),
  );
  router.get(
    '/v1/orgs/:organizationId/audit-events/:auditEventId',
    route({ params: auditEventParams }, async ({ params, principal }, res) => {
      res.json(presentAuditEventDetails(await getAuditEvent(deps, principal, params.organizationId, params.auditEventId), deps.urls));
    }),
  );
  router.get(
    '/v1/orgs/:organizationId/audit-event-actions',
    route({ params: organizationParams }, async ({ params, principal }, res) => {
      res.json({ items: (await listAuditActions(deps, principal, params.organizationId)).map(presentAuditEventAction) });
    }),
  );
  return router;
}
