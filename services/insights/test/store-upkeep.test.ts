import { join } from 'node:path';
import { createLogger } from '@quire/platform/logger';
import { openServiceDb } from '../../../test/support/service-db';
import { EmbeddedInsightsStore } from '../src/modules/insights/store/embedded/embedded-store';
import { retentionCutoff } from '../src/modules/insights/store/retention';
import { startStoreUpkeep } from '../src/modules/insights/store/store-upkeep';
import { NOW, row } from './store-fixtures';

describe('store upkeep', () => {
  const logger = createLogger('test', 'silent');

  it('retries the schema in the background while the store is down, and sweeps expired events', async () => {
    let failures = 2;
    const migrations: number[] = [];
    const swept: Date[] = [];
    const now = new Date('2026-03-15T00:00:00Z');
    const store = {
      migrate: async () => {
        migrations.push(Date.now());
        if (failures-- > 0) throw new Error('ECONNREFUSED');
      },
      dropExpired: async (at: Date) => {
        swept.push(at);
      },
    };
    const upkeep = await startStoreUpkeep(store, { logger, clock: () => now, sweepEveryMs: 50, firstRetryMs: 5 });
    await new Promise((r) => setTimeout(r, 400));
    upkeep.stop();
    expect(migrations).toHaveLength(3);
    expect(swept.length).toBeGreaterThanOrEqual(2);
    expect(swept[0]).toBe(now);
    const after = swept.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(swept).toHaveLength(after);
  });

  it('deletes the embedded events older than the retention window', async () => {
    const db = await openServiceDb('insights', join(__dirname, '..', 'migrations'));
    const store = new EmbeddedInsightsStore(db);
    try {
      const firstKept = retentionCutoff(NOW);
      await store.insert([row(1, { timestamp: firstKept - 1 }), row(2, { timestamp: firstKept }), row(3)]);
      await store.dropExpired(NOW);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM insights_events');
      expect(rows[0]?.n).toBe(2);
    } finally {
      await db.close();
    }
  });
});
