import { contentEvents, identityEvents, sitesEvents, specsEvents } from '@quire/contracts';
import { actionIdOf, AUDIT_ACTIONS, SKIPPED_EVENT_TYPES } from '../src/modules/audit/domain/audit-actions';
import { auditEventId, auditRecordsOf } from '../src/modules/audit/domain/audit-records';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the audit catalog', () => {
  it('names every declared fact of every service: audited, or skipped with its reason', () => {
    const declared = [identityEvents, contentEvents, sitesEvents, specsEvents].flatMap((topic) => Object.keys(topic.types));
    const unlisted = declared.filter((type) => !AUDIT_ACTIONS[actionIdOf(type)] && !SKIPPED_EVENT_TYPES[type]);
    expect(unlisted).toEqual([]);
    const stale = Object.keys(AUDIT_ACTIONS).filter((action) => !declared.some((type) => actionIdOf(type) === action));
    expect(stale).toEqual([]);
    expect(Object.keys(SKIPPED_EVENT_TYPES).filter((type) => AUDIT_ACTIONS[actionIdOf(type)])).toEqual([]);
  });
});

describe('auditRecordsOf', () => {
  const base = { id: 'ev1', occurredAt: '2026-11-29T10:00:00.000Z' };

  it('records the actor, source, target and payload of a REST change', () => {
    const [record, ...more] = auditRecordsOf({
      ...base,
      type: 'site.created',
      data: { organizationId: 'o1', siteId: 's1', title: 'Docs', type: 'basic', visibility: 'public', spaces: [], createdBy: 'u1' },
      actor: { type: 'user', id: 'u1', tokenId: 't1', source: 'api', correlationId: 'req' },
    });
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      organizationId: 'o1',
      action: 'site.created',
      actor: { type: 'user', id: 'u1' },
      source: 'api',
      target: { type: 'site', id: 's1', label: 'Docs' },
      executionId: 'ev1',
      correlationId: 'req',
      causedBy: null,
      schemaVersion: 1,
    });
    expect(record?.id).toMatch(UUID);
    expect(record?.occurredAt.toISOString()).toBe(base.occurredAt);
  });

  it("is Quire's own work (source workflow) for an event without an actor or from a consumer", () => {
    const [old] = auditRecordsOf({ ...base, type: 'space.restored', data: { spaceId: 's', organizationId: 'o1' } });
    expect(old).toMatchObject({ actor: { type: 'system', id: 'quire', label: 'Quire' }, source: 'workflow', correlationId: 'ev1' });
    const [reaction] = auditRecordsOf({
      ...base,
      type: 'member.added',
      data: { organizationId: 'o1', userId: 'u2', role: '' },
      actor: { type: 'system', id: 'quire', source: 'system', correlationId: 'req', causedBy: 'ev0' },
    });
    expect(reaction?.causedBy).toBe(auditEventId('ev0', 'o1'));
  });

  it("records a transfer in both organizations' logs, and a token in each of its user's", () => {
    const transfer = auditRecordsOf({
      ...base,
      type: 'space.transferred',
      data: { spaceId: 's', from: 'o1', to: 'o2', customFieldValues: { moved: 0, dropped: 0 } },
    });
    expect(transfer.map((r) => r.organizationId)).toEqual(['o1', 'o2']);
    expect(new Set(transfer.map((r) => r.id)).size).toBe(2);
    const token = auditRecordsOf({ ...base, type: 'token.created', data: { tokenId: 't', userId: 'u', organizationIds: ['o1', 'o3'] } });
    expect(token.map((r) => [r.organizationId, r.target.type, r.target.id])).toEqual([
      ['o1', 'token', 't'],
      ['o3', 'token', 't'],
    ]);
  });

  it('skips what is not a state change, and the same event always gives the same ids', () => {
    expect(auditRecordsOf({ ...base, type: 'openapi-spec.processed', data: { organizationId: 'o1', specId: 's', errorCode: null } })).toEqual([]);
    expect(auditEventId('ev1', 'o1')).toBe(auditEventId('ev1', 'o1'));
    expect(auditEventId('ev1', 'o1')).not.toBe(auditEventId('ev1', 'o2'));
  });
});
