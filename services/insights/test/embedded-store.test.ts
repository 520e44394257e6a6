import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb } from '../../../test/support/service-db';
import { ADDED_COLUMN_DEFAULTS, type AddedColumn, type InsightsEventRow } from '../src/modules/insights/model/event-row';
import { EmbeddedInsightsStore } from '../src/modules/insights/store/embedded/embedded-store';
import { row } from './store-fixtures';
import { describeStoreContract } from './store-contract';

let db: PgliteDatabase;
describeStoreContract(
  'embedded (PGlite)',
  async () => {
    db = await openServiceDb('insights', join(__dirname, '..', 'migrations'));
    return new EmbeddedInsightsStore(db);
  },
  async (store) => {
    await store.close();
    await db.close();
  },
);

describe('embedded (PGlite): rows go in as one JSON parameter', () => {
  let own: PgliteDatabase;
  beforeAll(async () => {
    own = await openServiceDb('insights', join(__dirname, '..', 'migrations'));
  });
  afterAll(() => own.close());

  it('stores every column as given, a row of an older build with the added columns at their defaults, and skips repeats', async () => {
    const store = new EmbeddedInsightsStore(own);
    const given = row(1, {
      url: `https://docs.example.com/é"\\'\n?q=✓`,
      geo_h3: '613196570331971583',
      visitor_claim_keys: ['a"b'],
      visitor_claim_values: ['\\x'],
    });
    const older = row(2) as Partial<InsightsEventRow>;
    for (const column of Object.keys(ADDED_COLUMN_DEFAULTS)) delete older[column as AddedColumn];
    expect(await store.insert([given, older as InsightsEventRow])).toBe(0);
    expect(await store.insert([given])).toBe(1);
    const stored = (await own.query<Record<string, unknown>>('SELECT *, geo_h3::text AS h3 FROM insights_events ORDER BY event_id')).rows;
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      url: given.url,
      h3: '613196570331971583',
      visitor_claim_keys: ['a"b'],
      visitor_claim_values: ['\\x'],
      is_bot: given.is_bot,
    });
    expect(stored[1]).toMatchObject({ display_context: 'site', h3: '0', visitor_claim_keys: [], feedback_rating: '' });
  });
});
