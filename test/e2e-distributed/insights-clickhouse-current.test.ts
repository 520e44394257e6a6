import { planAggregate } from '../../services/insights/src/modules/insights/domain/aggregate-query';
import { buildAggregateSql, type BuiltAggregate } from '../../services/insights/src/modules/insights/store/aggregate-sql';
import { createBinder } from '../../services/insights/src/modules/insights/store/clickhouse/bind';
import {
  buildRollupAggregateSql,
  ROLLUP_TABLES,
  ROLLUP_VIEW_STATEMENT,
  rollupWindow,
} from '../../services/insights/src/modules/insights/store/clickhouse/daily-rollup';
import { clickhouseDialect } from '../../services/insights/src/modules/insights/store/clickhouse/dialect';
import { LEDGER_MIGRATIONS } from '../../services/insights/src/modules/insights/store/clickhouse/insert-ledger';
import { CLICKHOUSE_MIGRATIONS, EVENTS_TABLE } from '../../services/insights/src/modules/insights/store/clickhouse/schema';
import {
  backfillStatement,
  buildVisitorRollupSql,
  eventsAfterSql,
  VISITORS_TABLES,
  VISITORS_VIEW_STATEMENT,
  visitorRollupDimension,
} from '../../services/insights/src/modules/insights/store/clickhouse/visitor-rollup';
import { AGGREGATE_SHAPES } from '../../services/insights/test/aggregate-shapes';
import { contractRows, NOW, SCOPE } from '../../services/insights/test/store-fixtures';
import { ensureChdb, runChdb } from '../support/chdb';

// Dashboards read the ClickHouse tables on current releases while the suite runs Debian's 18.16:
// the schema, both rollups and every query shape the aggregate endpoint builds also run on a
// current engine (chdb, ClickHouse 26.x in process), and the rollups answer as raw rows do there.
// SQL is built as for 18.16 (escaped literals), which current releases read too.

const sql = (build: (d: ReturnType<typeof clickhouseDialect>) => BuiltAggregate): BuiltAggregate => build(clickhouseDialect(createBinder(false)));

describe('ClickHouse (current release, chdb): schema, rollups and aggregate queries', () => {
  beforeAll(() => ensureChdb(), 300_000);

  it('creates and fills the tables and rollups, runs every query shape, and the rollups answer as raw rows', () => {
    const rows = contractRows();
    const setup = [
      'SET input_format_skip_unknown_fields = 1',
      ...CLICKHOUSE_MIGRATIONS,
      ...LEDGER_MIGRATIONS,
      ...ROLLUP_TABLES,
      ROLLUP_VIEW_STATEMENT,
      ...VISITORS_TABLES,
      // Half the events before the visitor view exists (then backfilled), half after.
      `INSERT INTO ${EVENTS_TABLE} FORMAT JSONEachRow ${rows
        .filter((_, i) => i % 2 === 0)
        .map((r) => JSON.stringify(r))
        .join('\n')}`,
      VISITORS_VIEW_STATEMENT,
      `INSERT INTO ${EVENTS_TABLE} FORMAT JSONEachRow ${rows
        .filter((_, i) => i % 2 === 1)
        .map((r) => JSON.stringify(r))
        .join('\n')}`,
      ...[...new Set(rows.map((r) => new Date(r.timestamp * 1000).toISOString().slice(0, 7).replace('-', '')))].map(backfillStatement),
    ];
    const queries: { name: string; raw: BuiltAggregate; rollup: BuiltAggregate | null }[] = [];
    let rollups = 0;
    for (const input of AGGREGATE_SHAPES) {
      const plan = planAggregate(input, NOW);
      const raw = sql((d) => buildAggregateSql(SCOPE, plan, d));
      const window = rollupWindow(plan, 0);
      const dimension = visitorRollupDimension(plan);
      const rollup =
        dimension !== null
          ? sql((d) => buildVisitorRollupSql(SCOPE, plan, dimension, d))
          : window
            ? sql((d) => buildRollupAggregateSql(SCOPE, plan, window, d))
            : null;
      if (rollup) rollups++;
      queries.push({ name: JSON.stringify(input), raw, rollup });
    }
    expect(rollups).toBeGreaterThan(10);
    const texts = [
      ...queries.flatMap((q) => [q.raw.sql, ...(q.rollup ? [q.rollup.sql] : [])]),
      eventsAfterSql(createBinder(false), SCOPE, NOW.getTime() / 1000),
    ];
    const answers = runChdb(setup, texts);
    let next = 0;
    for (const q of queries) {
      const raw = q.raw.decode(answers[next++] ?? []);
      expect(raw.length).toBeGreaterThan(0);
      if (q.rollup) expect({ query: q.name, rows: q.rollup.decode(answers[next++] ?? []) }).toEqual({ query: q.name, rows: raw });
    }
    expect(Number(answers[next]?.[0]?.n)).toBe(0);
  });
});
