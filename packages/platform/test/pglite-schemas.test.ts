import { createLogger } from '../src/logger';
import { migrate, COMMON_MIGRATIONS_DIR } from '../src/sql';
import { PgliteInstance, type PgliteDatabase } from '../src/sql/pglite';

// Embedded mode's one database: each service's view is its own schema, and the views share one
// session without seeing each other's tables, even while they interleave.

let instance: PgliteInstance;
let content: PgliteDatabase;
let sites: PgliteDatabase;

beforeAll(async () => {
  instance = await PgliteInstance.open(undefined);
  content = await instance.schema('content');
  sites = await instance.schema('sites');
  for (const db of [content, sites]) await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], createLogger('test', 'silent'));
});

afterAll(async () => {
  await instance.close();
});

it('gives each view its own tables under the same names, migrations table included', async () => {
  await content.exec('CREATE TABLE notes (body TEXT)');
  await content.query('INSERT INTO notes VALUES ($1)', ['in content']);
  await expect(sites.query('SELECT * FROM notes')).rejects.toThrow(/does not exist/);

  const tables = await content.query<{ table_schema: string }>(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'schema_migrations' ORDER BY 1`,
  );
  expect(tables.rows.map((r) => r.table_schema)).toEqual(['content', 'sites']);
});

it('keeps each interleaved statement and transaction in its own schema', async () => {
  await content.exec('CREATE TABLE IF NOT EXISTS counters (n INT)');
  await sites.exec('CREATE TABLE IF NOT EXISTS counters (n INT)');
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? content.transaction(async (tx) => {
            await tx.query('INSERT INTO counters VALUES (1)');
            await tx.query('INSERT INTO counters VALUES (1)');
          })
        : sites.query('INSERT INTO counters VALUES (10)'),
    ),
  );
  expect((await content.query<{ total: number }>('SELECT sum(n)::int AS total FROM counters')).rows[0].total).toBe(20);
  expect((await sites.query<{ total: number }>('SELECT sum(n)::int AS total FROM counters')).rows[0].total).toBe(100);
});

it('stays in its schema after a rolled-back transaction', async () => {
  await expect(
    sites.transaction(async (tx) => {
      await tx.query('INSERT INTO counters VALUES (1000)');
      throw new Error('no');
    }),
  ).rejects.toThrow('no');
  await content.query('SELECT 1');
  expect((await sites.query<{ total: number }>('SELECT sum(n)::int AS total FROM counters')).rows[0].total).toBe(100);
});
