import type { AuditEvent } from 'gitbook-api-0202';
import { buildOrganization } from '../../support/factories';
import { eventually } from '../../support/eventually';
import type { TodayContext } from './context';

/** The audit log through today's client: the catalog, a change recorded, then that record by id (docs/audit-log.md). */
export async function auditThroughToday({ stack, ledger }: TodayContext): Promise<void> {
  const { id: orgId, admin } = await buildOrganization(stack, 'Today audit org');
  const api = ledger.client(admin.token);
  const { data: catalog } = await api.orgs.listOrganizationAuditEventActions(orgId);
  expect(catalog.items.map((a) => a.id)).toContain('space.created');

  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Audited guide' });
  // Recorded by insights' consumer of content's events: a moment after the answer.
  let recorded: AuditEvent[] = [];
  await eventually(async () => {
    recorded = (await api.orgs.listOrganizationAuditEvents(orgId, { action: 'space.created', target: space.id })).data.items;
    return recorded.length > 0;
  }, 30_000);
  expect(recorded).toHaveLength(1);
  const { data: details } = await api.orgs.getOrganizationAuditEvent(orgId, recorded[0]!.id);
  expect(details).toMatchObject({ action: 'space.created', actor: { type: 'user', id: admin.id }, source: 'api', target: { type: 'space', id: space.id } });
}
