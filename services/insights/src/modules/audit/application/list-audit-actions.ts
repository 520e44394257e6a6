import { AUDIT_ACTIONS } from '../domain/audit-actions';
import { authorizeAuditLog } from '../policies/audit.policy';
import type { AuditDeps, Caller } from './deps';

export interface AuditAction {
  id: string;
  label: string;
}

/** listOrganizationAuditEventActions: the catalog, in the order it is declared. */
export async function listAuditActions(deps: AuditDeps, caller: Caller, organizationId: string): Promise<AuditAction[]> {
  await authorizeAuditLog(deps, organizationId, caller);
  return Object.entries(AUDIT_ACTIONS).map(([id, spec]) => ({ id, label: spec.label }));
}
