import { createClient } from '@clickhouse/client';
import { planAggregate } from '../../services/insights/src/modules/insights/domain/aggregate-query';
import { presentAggregate } from '../../services/insights/src/modules/insights/presenters/aggregate.presenter';
import { ClickHouseStore } from '../../services/insights/src/modules/insights/store/clickhouse/clickhouse-store';
import { ADDED_COLUMNS } from '../../services/insights/src/modules/insights/store/clickhouse/schema';
import { NOW, row, SCOPE } from '../../services/insights/test/store-fixtures';
import { INFRA } from '../support/infra';

// A table created by the first schema version (before the aggregate's extra columns) is brought
// up to date at start, idempotently (ClickHouse 18.16 has no ADD COLUMN IF NOT EXISTS), and its
// old rows read as "not recorded".
const DATABASE = 'quire_insights_upgrade';
const FIRST_VERSION = `CREATE TABLE insights_events (
  event_id String, organization_id String, site_id String, type String, timestamp DateTime('UTC'), ingested_at DateTime('UTC'),
  visitor_id String, session_id String, visitor_hash String, url String, referrer String, language String, site_section String,
  site_space String, site_share_key String, space String, revision String, page String, country String, browser String, os String,
  device String, is_bot UInt8, visitor_claims String, properties String
) ENGINE = ReplacingMergeTree(ingested_at) PARTITION BY toYYYYMM(timestamp) ORDER BY (site_id, toDate(timestamp), event_id)`;

const url = `${INFRA.clickhouseUrl}/${DATABASE}`;
const admin = createClient({ url: INFRA.clickhouseUrl });

beforeAll(async () => {
  await admin.command({ query: `DROP DATABASE IF EXISTS ${DATABASE}` });
  await admin.command({ query: `CREATE DATABASE ${DATABASE}` });
  await admin.command({ query: FIRST_VERSION.replace('insights_events', `${DATABASE}.insights_events`) });
  const old = row(3, { type: 'page_view' }) as unknown as Record<string, unknown>;
  for (const { name } of ADDED_COLUMNS) delete old[name];
  await admin.insert({ table: `${DATABASE}.insights_events`, values: [old], format: 'JSONEachRow' });
});
afterAll(() => admin.close());

it('adds the missing columns once, and old rows read as not recorded', async () => {
  const store = new ClickHouseStore({ url });
  try {
    await store.migrate();
    const columns = async () =>
      (
        await (
          await admin.query({ query: `SELECT name FROM system.columns WHERE database = '${DATABASE}' AND table = 'insights_events'`, format: 'JSONEachRow' })
        ).json<{ name: string }>()
      ).map((c) => c.name);
    const upgraded = await columns();
    expect(upgraded).toEqual(expect.arrayContaining(ADDED_COLUMNS.map((c) => c.name)));
    // Running it again adds nothing (and does not fail on the columns that exist now).
    await store.migrate();
    expect(await columns()).toEqual(upgraded);
    await store.insert([row(4, { type: 'link_click', link_position: 'footer', display_context: 'embed' })]);
    const plan = planAggregate(
      {
        select: [{ column: 'displayContext' }, { column: 'visitorGeoPoint' }, { column: 'utmSource' }, { column: 'eventsCount' }],
        range: 'lastYear',
        order: { by: { column: 'displayContext' }, direction: 'desc' },
      },
      NOW,
    );
    const result = presentAggregate(plan, await store.aggregate(SCOPE, plan));
    expect(result.columns.map((c) => [c.column, c.values[0]])).toEqual([
      ['displayContext', 'site'],
      ['visitorGeoPoint', null],
      ['utmSource', ''],
      ['eventsCount', 1],
    ]);
    expect(result.columns[0]?.values).toEqual(['site', 'embed']);
  } finally {
    await store.close();
  }
});
