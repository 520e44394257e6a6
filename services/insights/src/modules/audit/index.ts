// The audit module's face: who changed what in an organization, read from every service's facts.
export { auditEventsRoutes } from './http/audit-events.routes';
export { auditAdminRoutes } from './http/audit-admin.routes';
export { auditSubscription, AUDIT_LOG_CONSUMER } from './consumers/audit.consumer';
export { startAuditRetention } from './application/audit-retention';
