import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { createBinder } from '../../services/insights/src/modules/insights/store/clickhouse/bind';
import { ClickHouseStore } from '../../services/insights/src/modules/insights/store/clickhouse/clickhouse-store';
import { INFRA } from '../support/infra';

// Hostile strings through bind() against a real ClickHouse: each one must come back byte for
// byte, match exactly its own row, and leave the table as it was.
const DATABASE = 'quire_insights_bind_fuzz';

const HOSTILE = [
  "'",
  "''",
  '\\',
  "\\'",
  "'\\",
  "\\\\'",
  "x'; DROP TABLE fuzz; --",
  "'); DROP TABLE fuzz; SELECT ('",
  '\0',
  'a\0b',
  '\n',
  '\r\n',
  "line1\nline2'",
  '\t\b\f\v',
  'é😀中文',
  '\u2028\u2029',
  '\\x27',
  '\\0',
  '{p0:String}',
  '{x:UInt8}',
  '$1',
  '%s',
  '?',
  '`',
  '"',
  "' OR 1=1 --",
  "' UNION SELECT name FROM system.tables --",
  '*/ SELECT 1 /*',
  '\\N',
  'NULL',
  '',
  ' ',
  'x'.repeat(100_000),
];

function randomHostile(seed: number): string {
  const pieces = ["'", '\\', '\0', '\n', '"', '`', ';', '--', '/*', 'é', '😀', '{', '}', ':', 'DROP TABLE fuzz', ' ', 'a', '\\n', "\\'"];
  let state = seed;
  let out = '';
  const length = 1 + (seed % 40);
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    out += pieces[state % pieces.length];
  }
  return out;
}

describe('ClickHouse bind(): hostile strings', () => {
  let client: ClickHouseClient;
  let modes: boolean[];
  const values = [...HOSTILE, ...Array.from({ length: 300 }, (_, i) => randomHostile(i + 1))];
  const distinctValues = [...new Set(values)];

  beforeAll(async () => {
    const admin = createClient({ url: INFRA.clickhouseUrl });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${DATABASE}` });
    await admin.command({ query: `CREATE DATABASE ${DATABASE}` });
    await admin.close();
    client = createClient({ url: `${INFRA.clickhouseUrl}/${DATABASE}` });
    await client.command({ query: 'CREATE TABLE fuzz (id UInt32, s String) ENGINE = MergeTree ORDER BY id' });
    await client.insert({ table: 'fuzz', values: distinctValues.map((s, id) => ({ id, s })), format: 'JSONEachRow' });
    const store = new ClickHouseStore({ url: `${INFRA.clickhouseUrl}/${DATABASE}` });
    // Literal mode always; parameter mode too where the server has it.
    modes = (await store.supportsQueryParams()) ? [false, true] : [false];
    await store.close();
  });
  afterAll(async () => {
    await client.close();
  });

  async function select<T>(sql: string, params: Record<string, string | number>): Promise<T[]> {
    const result = await client.query({
      query: sql,
      format: 'JSONEachRow',
      query_params: Object.keys(params).length ? params : undefined,
      clickhouse_settings: { readonly: '2' },
    });
    return result.json<T>();
  }

  it('returns every value exactly and matches exactly its own row', async () => {
    for (const useParams of modes) {
      for (const [id, value] of distinctValues.entries()) {
        const b = createBinder(useParams);
        const rows = await select<{ echo: string; n: string; id: number }>(
          `SELECT ${b.bind('String', value)} AS echo, count() AS n, any(id) AS id FROM fuzz WHERE s = ${b.bind('String', value)}`,
          b.params,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]?.echo).toBe(value);
        expect(Number(rows[0]?.n)).toBe(1);
        expect(Number(rows[0]?.id)).toBe(id);
      }
    }
  });

  it('leaves the table intact', async () => {
    const rows = await select<{ n: string }>('SELECT count() AS n FROM fuzz', {});
    expect(Number(rows[0]?.n)).toBe(distinctValues.length);
    const tables = await select<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()', {});
    expect(tables.map((t) => t.name)).toEqual(['fuzz']);
  });

  it('refuses non-numbers and out-of-range numbers for numeric types', () => {
    const b = createBinder(false);
    expect(() => b.bind('UInt32', '1; DROP TABLE fuzz')).toThrow(TypeError);
    expect(() => b.bind('UInt32', -1)).toThrow(RangeError);
    expect(() => b.bind('Int64', 1.5)).toThrow(TypeError);
    expect(() => b.bind('Float64', Number.NaN)).toThrow(TypeError);
  });
});
