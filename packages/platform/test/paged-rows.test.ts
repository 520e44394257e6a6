import { pagedRows, type PagedQuery } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';
import { listEnvelope } from '@quire/input';

describe('pagedRows', () => {
  let db: PgliteDatabase;
  const things: PagedQuery = { select: 'id, kind', from: 'FROM things WHERE kind = $1', orderBy: 'id', params: ['a'] };

  beforeAll(async () => {
    db = await PgliteDatabase.open(undefined);
    await db.exec('CREATE TABLE things (id TEXT PRIMARY KEY, kind TEXT NOT NULL)');
    // 25 of kind a (a00…a24), 5 of kind b.
    for (let i = 0; i < 30; i++)
      await db.query('INSERT INTO things VALUES ($1, $2)', [`${i < 25 ? 'a' : 'b'}${String(i).padStart(2, '0')}`, i < 25 ? 'a' : 'b']);
  });

  afterAll(() => db.close());

  it('answers a page of rows and the count of the whole list, without the count column', async () => {
    const first = await pagedRows<{ id: string; kind: string }>(db, things, { limit: 10, offset: 0 });
    expect(first.total).toBe(25);
    expect(first.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `a${String(i).padStart(2, '0')}`));
    expect(first.rows[0]).toEqual({ id: 'a00', kind: 'a' });
    const last = await pagedRows<{ id: string }>(db, things, { limit: 10, offset: 20 });
    expect(last).toMatchObject({ total: 25, rows: [{ id: 'a20' }, { id: 'a21' }, { id: 'a22' }, { id: 'a23' }, { id: 'a24' }] });
    expect(listEnvelope(last.rows, last.total, { limit: 10, offset: 20 }).next).toBeUndefined();
  });

  it('still counts when the page has no row to carry the count: limit 0, or an offset past the end', async () => {
    expect(await pagedRows(db, things, { limit: 0, offset: 0 })).toEqual({ rows: [], total: 25 });
    expect(await pagedRows(db, things, { limit: 10, offset: 25 })).toEqual({ rows: [], total: 25 });
    expect(await pagedRows(db, things, { limit: 10, offset: 1000 })).toEqual({ rows: [], total: 25 });
    expect(await pagedRows(db, { ...things, params: ['none'] }, { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 });
    expect(await pagedRows(db, { ...things, params: ['none'] }, { limit: 0, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  it('takes a WITH clause and parameters used only by the select list', async () => {
    const page = await pagedRows<{ id: string; mine: boolean }>(
      db,
      {
        with: 'WITH picked AS (SELECT $1::text AS kind)',
        select: 't.id, t.kind = $2 AS mine',
        from: 'FROM things t JOIN picked p ON p.kind = t.kind',
        orderBy: 't.id DESC',
        params: ['b', 'b'],
      },
      { limit: 2, offset: 1 },
    );
    expect(page).toEqual({
      total: 5,
      rows: [
        { id: 'b28', mine: true },
        { id: 'b27', mine: true },
      ],
    });
    expect(
      await pagedRows(
        db,
        {
          with: 'WITH picked AS (SELECT $1::text AS kind)',
          select: 't.id, t.kind = $2 AS mine',
          from: 'FROM things t JOIN picked p ON p.kind = t.kind',
          orderBy: 't.id',
          params: ['b', 'b'],
        },
        { limit: 0, offset: 0 },
      ),
    ).toEqual({ rows: [], total: 5 });
  });
});
