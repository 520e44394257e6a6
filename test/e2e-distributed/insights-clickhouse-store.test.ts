import { createClient } from '@clickhouse/client';
import { ClickHouseStore } from '../../services/insights/src/store/clickhouse/clickhouse-store';
import { planAggregate, type AggregateQueryInput } from '../../services/insights/src/domain/aggregate-query';
import { describeStoreContract } from '../../services/insights/test/store-contract';
import { contractRows, NOW, SCOPE, siteRows } from '../../services/insights/test/store-fixtures';
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
