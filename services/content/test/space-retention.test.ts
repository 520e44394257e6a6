import { ApiError } from '@quire/errors';
import { PgBlobStore } from '@quire/platform/blobs';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { softDeleteSpace } from '../src/modules/spaces/application/delete-space';
import { restoreDeletedSpace } from '../src/modules/spaces/application/restore-space';
import { SPACE_RETENTION_MS } from '../src/modules/spaces/domain/space-retention';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { collectUnusedContent } from '../src/modules/revisions/application/collect-unused';
import { startSpaceSweeper } from '../src/modules/spaces/jobs/space-sweeper';
import { findSpace } from '../src/modules/spaces/store/spaces.store';
import type { Space } from '../src/modules/spaces/model/space';
import { openContentDb, outboxTypes, silentLogger } from './content-db';

// The 7-day edge of spec §3 on an injectable clock: delete, let (almost) 7 days pass, sweep once.

describe('deleted space retention', () => {
  let db: PgliteDatabase;
  let now: Date;
  const clock = () => now;
  const nudges: number[] = [];

  // One database; each test starts its clock far after the previous test's, so earlier deletions
  // are long purged or irrelevant.
  let start = new Date('2026-03-01T12:00:00Z').getTime();
  beforeAll(async () => {
    db = await openContentDb();
    db.onSignal('outbox', () => void nudges.push(1)); // the relay's wake-up after each commit with events
  });
  beforeEach(() => {
    start += 100 * SPACE_RETENTION_MS;
    now = new Date(start);
  });
  afterAll(async () => {
    await db.close();
  });

  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const reload = async (id: string) => (await findSpace(db, id)) as Space;
  const newSpace = () =>
    createSpaceWithRevision(
      db,
      { organizationId: 'org1', parentId: null, title: 'Doomed', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
      clock(),
    );
  const sweeper = () => startSpaceSweeper({ db, blobs: new PgBlobStore(db), clock, logger: silentLogger }, collectUnusedContent, 3_600_000);

  it('restores up to 1 s before the 7 days, and is gone after them', async () => {
    const space = await newSpace();
    expect(await softDeleteSpace(db, space, clock())).toBe(true);
    expect(await softDeleteSpace(db, await reload(space.id), clock())).toBe(false); // already deleted

    later(SPACE_RETENTION_MS - 1000);
    const job = sweeper();
    expect(await job.sweep()).toBe(0);
    const restored = await restoreDeletedSpace(db, await reload(space.id), clock());
    expect(restored.deletedAt).toBeNull();

    // Deleted again: the 7 days start over.
    expect(await softDeleteSpace(db, await reload(space.id), clock())).toBe(true);
    later(SPACE_RETENTION_MS + 1000);
    // Past the 7 days but not swept yet: a clear 410.
    await expect(restoreDeletedSpace(db, await reload(space.id), clock())).rejects.toMatchObject({ code: 410 });
    expect(await job.sweep()).toBe(1);
    await job.stop();

    expect(await findSpace(db, space.id)).toBeNull();
    const revisions = await db.query('SELECT id FROM revisions WHERE space_id = $1', [space.id]);
    expect(revisions.rows).toHaveLength(0);
    expect(await outboxTypes(db, space.id)).toEqual(['space.created', 'space.deleted', 'space.restored', 'space.deleted', 'space.purged']);
    expect(nudges.length).toBeGreaterThan(0);
  });

  it('purges exactly at 7 days, and keeps a space deleted later', async () => {
    const leftover = sweeper(); // what earlier tests left deleted
    await leftover.sweep();
    await leftover.stop();
    const early = await newSpace();
    await softDeleteSpace(db, early, clock());
    later(1000);
    const recent = await newSpace();
    await softDeleteSpace(db, recent, clock());
    later(SPACE_RETENTION_MS - 1000);
    const job = sweeper();
    expect(await job.sweep()).toBe(1);
    await job.stop();
    expect(await findSpace(db, early.id)).toBeNull();
    expect((await reload(recent.id)).deletedAt).not.toBeNull();
  });

  it('refuses to restore a space that is not deleted', async () => {
    const space = await newSpace();
    const err = await restoreDeletedSpace(db, space, clock()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 409 });
  });

  it('creates every space with an empty first revision', async () => {
    const space = await newSpace();
    const { rows } = await db.query<{ id: string; parents: string[] }>('SELECT id, parents FROM revisions WHERE space_id = $1', [space.id]);
    expect(rows).toEqual([{ id: space.revisionId, parents: [] }]);
  });
});
