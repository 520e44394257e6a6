import { join } from 'node:path';
import { createLogger } from '@quire/platform/logger';
import { COMMON_MIGRATIONS_DIR, migrate } from '@quire/platform/sql';
import { PgliteDatabase } from '@quire/platform/sql/pglite';
import { auditRetentionCutoff } from '../src/modules/audit/application/audit-retention';
import { recordAuditEvents } from '../src/modules/audit/application/record-audit-events';
import { deleteAuditEventsBefore, listAuditEventRows } from '../src/modules/audit/store/audit-events.store';

// The audit store on the embedded database: append-once, newest-first pages by cursor, retention.

let db: PgliteDatabase;
beforeAll(async () => {
  db = await PgliteDatabase.open(undefined);
  await migrate(
    db,
    [
      { prefix: 'common', dir: COMMON_MIGRATIONS_DIR },
      { prefix: 'insights', dir: join(__dirname, '..', 'migrations') },
    ],
    createLogger('test', 'silent'),
  );
  for (let i = 0; i < 5; i++) {
    const event = {
      id: `ev${i}`,
      type: 'space.created',
      occurredAt: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
      data: { spaceId: `s${i}`, organizationId: 'o1', parent: null },
      actor: { type: 'user' as const, id: i % 2 ? 'u1' : 'u2', source: 'api' as const, correlationId: `r${i}` },
    };
    // Twice: a redelivery inserts nothing.
    await db.transaction((tx) => recordAuditEvents(tx, event));
    await db.transaction((tx) => recordAuditEvents(tx, event));
  }
});
afterAll(() => db.close());

describe('the audit store', () => {
  it('keeps each event once and pages newest first by cursor', async () => {
    const first = await listAuditEventRows(db, 'o1', {}, null, 2);
    expect(first.rows.map((r) => r.target.id)).toEqual(['s4', 's3']);
    const second = await listAuditEventRows(db, 'o1', {}, first.next, 2);
    const third = await listAuditEventRows(db, 'o1', {}, second.next, 2);
    expect([...second.rows, ...third.rows].map((r) => r.target.id)).toEqual(['s2', 's1', 's0']);
    expect(third.next).toBeNull();
    expect((await listAuditEventRows(db, 'o2', {}, null, 10)).rows).toEqual([]);
  });

  it('filters by time, actor and target', async () => {
    const within = await listAuditEventRows(db, 'o1', { from: new Date(Date.UTC(2026, 10, 2)), to: new Date(Date.UTC(2026, 10, 3)) }, null, 10);
    expect(within.rows.map((r) => r.target.id)).toEqual(['s2', 's1']);
    expect((await listAuditEventRows(db, 'o1', { actor: 'u1' }, null, 10)).rows.map((r) => r.target.id)).toEqual(['s3', 's1']);
    expect((await listAuditEventRows(db, 'o1', { target: 's0', action: 'space.created' }, null, 10)).rows).toHaveLength(1);
  });

  it('retention keeps whole months: the current one and the 13 before', async () => {
    expect(auditRetentionCutoff(new Date('2027-12-15T10:00:00Z'), 13).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(await deleteAuditEventsBefore(db, new Date(Date.UTC(2026, 10, 3)))).toBe(2);
    expect((await listAuditEventRows(db, 'o1', {}, null, 10)).rows.map((r) => r.target.id)).toEqual(['s4', 's3', 's2']);
  });
});
