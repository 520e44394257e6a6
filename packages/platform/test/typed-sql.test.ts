import { pagedSelect, typedSql, type Generated, type Json, type SqlExecutor, type Timestamp } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';

interface Database {
  things: { id: string; kind: string; made_at: Generated<Timestamp>; meta: Json | null };
}

describe('typed SQL on the SQL port (Kysely)', () => {
  let db: PgliteDatabase;
  const things = (executor: SqlExecutor = db) => typedSql<Database>(executor);

  beforeAll(async () => {
    db = await PgliteDatabase.open(undefined);
    await db.exec('CREATE TABLE things (id TEXT PRIMARY KEY, kind TEXT NOT NULL, made_at TIMESTAMPTZ NOT NULL DEFAULT now(), meta JSONB)');
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: `${i < 25 ? 'a' : 'b'}${String(i).padStart(2, '0')}`, kind: i < 25 ? 'a' : 'b', meta: null }));
    await things().insertInto('things').values(rows).execute();
  });

  afterAll(() => db.close());

  it('reads typed rows, Dates and parsed JSON included', async () => {
    await things()
      .updateTable('things')
      .set({ meta: JSON.stringify({ n: 1, s: 'é😀' }) })
      .where('id', '=', 'a00')
      .execute();
    const row = await things().selectFrom('things').selectAll().where('id', '=', 'a00').executeTakeFirstOrThrow();
    expect(row.made_at).toBeInstanceOf(Date);
    expect(row.meta).toEqual({ n: 1, s: 'é😀' });
  });

  it('counts the rows an update and a delete touched', async () => {
    const updated = await things().updateTable('things').set({ kind: 'b' }).where('id', '=', 'a24').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const deleted = await things().deleteFrom('things').where('id', '=', 'missing').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
    await things().updateTable('things').set({ kind: 'a' }).where('id', '=', 'a24').execute();
  });

  it("runs in the caller's transaction and rolls back with it", async () => {
    await expect(
      db.transaction(async (tx) => {
        await things(tx).insertInto('things').values({ id: 'tx1', kind: 'c', meta: null }).execute();
        expect(await things(tx).selectFrom('things').select('id').where('id', '=', 'tx1').executeTakeFirst()).toEqual({ id: 'tx1' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await things().selectFrom('things').select('id').where('id', '=', 'tx1').executeTakeFirst()).toBeUndefined();
  });

  it("refuses Kysely's own transactions: the port owns them", async () => {
    await expect(
      things()
        .transaction()
        .execute(async () => undefined),
    ).rejects.toThrow(/SqlDatabase\.transaction/);
  });

  it('pages a list with the count of the whole list, also when the page is empty', async () => {
    const list = things().selectFrom('things').select(['id', 'kind']).where('kind', '=', 'a').orderBy('id');
    const first = await pagedSelect(list, { limit: 10, offset: 0 });
    expect(first.total).toBe(25);
    expect(first.rows[0]).toEqual({ id: 'a00', kind: 'a' });
    expect(first.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `a${String(i).padStart(2, '0')}`));
    expect(await pagedSelect(list, { limit: 10, offset: 1000 })).toEqual({ rows: [], total: 25 });
    expect(await pagedSelect(list, { limit: 0, offset: 0 })).toEqual({ rows: [], total: 25 });
    const none = things().selectFrom('things').select('id').where('kind', '=', 'none').orderBy('id');
    expect(await pagedSelect(none, { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  it('passes hostile strings as parameters, never as SQL', async () => {
    const hostile = "x'); DROP TABLE things; --\u0001😀";
    await things().insertInto('things').values({ id: hostile, kind: 'h', meta: null }).execute();
    expect((await things().selectFrom('things').select('id').where('kind', '=', 'h').execute()).map((r) => r.id)).toEqual([hostile]);
  });
});
