import { createClient } from '@clickhouse/client';
import { ClickHouseStore } from '../../services/insights/src/modules/insights/store/clickhouse/clickhouse-store';
import { planAggregate, type AggregateQueryInput } from '../../services/insights/src/modules/insights/domain/aggregate-query';
import { describeStoreContract } from '../../services/insights/test/store-contract';
import { VISITOR_ROLLUP_SHAPES } from '../../services/insights/test/aggregate-shapes';
import { contractRows, NOW, row, SCOPE, siteRows } from '../../services/insights/test/store-fixtures';
import { eventually } from '../support/eventually';
import { INFRA } from '../support/infra';

// The shared store contract against the real ClickHouse of the distributed runs, in a database of
// its own that each run recreates.
const DATABASE = 'quire_insights_contract';

describeStoreContract(
  'ClickHouse',
  async () => {
    const admin = createClient({ url: INFRA.clickhouseUrl });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${DATABASE}` });
    await admin.command({ query: `CREATE DATABASE ${DATABASE}` });
    await admin.close();
    return new ClickHouseStore({ url: `${INFRA.clickhouseUrl}/${DATABASE}` });
  },
  (store) => store.close(),
);

describe('ClickHouse: the daily rollup', () => {
  const database = 'quire_insights_rollup';
  const admin = createClient({ url: INFRA.clickhouseUrl });
  const sql = async (query: string): Promise<void> => {
    await admin.command({ query: query.replace(/\{db\}/g, database) });
  };
  const count = async (store: ClickHouseStore, input: AggregateQueryInput): Promise<unknown[]> => {
    const plan = planAggregate(input, NOW);
    return (await store.aggregate(SCOPE, plan)).map((r) => r.metrics[0]?.[0]);
  };
  const perDay: AggregateQueryInput = { select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }], range: 'last7Days' };

  afterAll(async () => {
    await admin.close();
  });

  it('answers whole days from the rollup on a fresh table, and raw rows when the view came after the events', async () => {
    await sql('DROP DATABASE IF EXISTS {db}');
    await sql('CREATE DATABASE {db}');
    const fresh = new ClickHouseStore({ url: `${INFRA.clickhouseUrl}/${database}` });
    await fresh.migrate();
    const rows = contractRows();
    await fresh.insert(rows);
    const exact = await count(fresh, perDay);
    // A row only the rollup has shows that whole days are read from it.
    const day = new Date(NOW.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    await sql(`INSERT INTO {db}.insights_daily_events VALUES ('${SCOPE.organizationId}', '${SCOPE.siteId}', '${day}', 'page_view', 'u', 'p', 's', 1000)`);
    const fromRollup = (await count(fresh, perDay)) as number[];
    expect(fromRollup.reduce((a, b) => a + b, 0)).toBe((exact as number[]).reduce((a, b) => a + b, 0) + 1000);
    // Sessions are not in the rollup: raw rows answer, untouched by the extra row.
    const sessions = await count(fresh, { select: [{ column: 'sessionsCount' }], range: 'last7Days' });
    expect(sessions[0]).toBe(
      new Set(
        siteRows(rows)
          .filter((r) => r.timestamp >= NOW.getTime() / 1000 - 7 * 86_400)
          .map((r) => r.session_id),
      ).size,
    );
    await fresh.close();

    // Upgrade: events exist before the view does, so the view covers only days from now on.
    await sql('DROP TABLE {db}.insights_daily_events_mv');
    await sql('DROP TABLE {db}.insights_daily_events_coverage');
    await sql('TRUNCATE TABLE {db}.insights_daily_events');
    const upgraded = new ClickHouseStore({ url: `${INFRA.clickhouseUrl}/${database}` });
    await upgraded.migrate();
    expect(await count(upgraded, perDay)).toEqual(exact);
    await upgraded.close();
  });
});

describe('ClickHouse: the visitor rollup', () => {
  const database = 'quire_insights_visitors';
  const url = `${INFRA.clickhouseUrl}/${database}`;
  const admin = createClient({ url: INFRA.clickhouseUrl });
  const sql = async (query: string): Promise<void> => {
    await admin.command({ query: query.replace(/\{db\}/g, database) });
  };
  const answer = async (store: ClickHouseStore, input: AggregateQueryInput) => store.aggregate(SCOPE, planAggregate(input, NOW));
  const sameAsRaw = async (store: ClickHouseStore, raw: ClickHouseStore): Promise<void> => {
    for (const input of VISITOR_ROLLUP_SHAPES) expect({ input, rows: await answer(store, input) }).toEqual({ input, rows: await answer(raw, input) });
  };

  afterAll(async () => {
    await admin.close();
  });

  it('answers every shape it takes exactly as raw rows do, after a backfill too, and leaves a range with later events to raw rows', async () => {
    await sql('DROP DATABASE IF EXISTS {db}');
    await sql('CREATE DATABASE {db}');
    const store = new ClickHouseStore({ url });
    await store.migrate();
    await store.insert(contractRows());
    // A store that never migrated reads raw rows only.
    const raw = new ClickHouseStore({ url });
    await sameAsRaw(store, raw);

    // Upgrade: events exist before the rollup does; migrate() backfills it, and a second backfill
    // over the first changes nothing.
    await sql('DROP TABLE {db}.insights_visitors_last_seen_mv');
    await sql('DROP TABLE {db}.insights_visitors_backfill');
    await sql('DROP TABLE {db}.insights_visitors_last_seen');
    const upgraded = new ClickHouseStore({ url });
    await upgraded.migrate();
    await sameAsRaw(upgraded, raw);
    await sql('DROP TABLE {db}.insights_visitors_backfill');
    await upgraded.migrate();
    await sameAsRaw(upgraded, raw);

    // A visitor only the rollup has shows that it answered.
    await sql(
      `INSERT INTO {db}.insights_visitors_last_seen SELECT '${SCOPE.organizationId}', '${SCOPE.siteId}', '', '', 'ghost', maxState(toDateTime(now(), 'UTC'))`,
    );
    const total: AggregateQueryInput = { select: [{ column: 'visitorsCount' }], range: 'lastYear' };
    const exact = (await answer(raw, total))[0]?.metrics[0]?.[0] as number;
    expect((await answer(store, total))[0]?.metrics[0]?.[0]).toBe(exact + 1);
    // An event after the range's end: the last event no longer says whether a visitor was in it.
    await store.insert([row(5000, { event_id: 'late', timestamp: Math.floor(NOW.getTime() / 1000) + 60 })]);
    expect((await answer(store, total))[0]?.metrics[0]?.[0]).toBe(exact);

    // Retention forgets visitors last seen before the oldest kept month, with the events.
    await sql(`INSERT INTO {db}.insights_visitors_last_seen SELECT 'o', 's', '', '', 'gone', maxState(toDateTime('2024-01-01 00:00:00', 'UTC'))`);
    await store.dropExpiredPartitions(NOW);
    const visitors = async (): Promise<string[]> => {
      const result = await admin.query({
        query: `SELECT visitor FROM ${database}.insights_visitors_last_seen WHERE site_id IN ('s', '${SCOPE.siteId}') AND dimension = ''`,
        format: 'JSONEachRow',
      });
      return (await result.json<{ visitor: string }>()).map((r) => r.visitor);
    };
    await eventually(async () => !(await visitors()).includes('gone'));
    expect(await visitors()).toContain('ghost');
    await Promise.all([store.close(), raw.close(), upgraded.close()]);
  });
});
