import type * as grpc from '@grpc/grpc-js';
import { createGrpcClient, startGrpcServer, stopGrpcServer } from '@quire/platform/grpc';
import { MemoryCache } from '@quire/platform/cache';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { content } from '@quire/proto';
import { setCurrentRevision, storeRevision, type StoredPage } from '../src/modules/revisions';
import { contentPagesGrpc } from '../src/modules/space-content/grpc/content-pages.grpc';
import { softDeleteSpace } from '../src/modules/spaces/application/delete-space';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { openContentDb, silentLogger } from './content-db';

// ContentPages over real gRPC on embedded Postgres: what sites' redirects ask of a
// space's pages — a page by path, page paths by id, path changes between two revisions.

const now = new Date('2026-02-01T00:00:00Z');
const page = (id: string, slug: string, parentId: string | null = null, kind: StoredPage['kind'] = 'document'): StoredPage => ({
  id,
  parentId,
  kind,
  title: id,
  slug,
});

describe('content pages gRPC', () => {
  let db: PgliteDatabase;
  let server: grpc.Server;
  let client: ReturnType<typeof createGrpcClient<content.ContentPagesClient>>;
  let spaceId: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    db = await openContentDb();
    const started = await startGrpcServer('127.0.0.1:0', contentPagesGrpc({ db, cache: new MemoryCache() }), silentLogger);
    server = started.server;
    client = createGrpcClient(content.ContentPagesClient, `127.0.0.1:${started.port}`, 'content', { deadlineMs: 5000 });
    const space = await createSpaceWithRevision(
      db,
      { organizationId: 'o', parentId: null, title: 'Pages', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u' },
      now,
    );
    spaceId = space.id;
    first = space.revisionId;
    second = 'rev-second';
    const pages = [page('g', 'guide'), page('i', 'install', 'g'), page('grp', 'grouped', null, 'group'), page('l', 'link', null, 'link')];
    await db.transaction(async (tx) => {
      await storeRevision(tx, { id: second, spaceId, parents: [first], type: 'edits', tree: { pages, files: [] }, createdBy: 'u' }, [], now);
      await setCurrentRevision(tx, spaceId, second, now);
    });
  });
  afterAll(async () => {
    client.close();
    await stopGrpcServer(server);
    await db.close();
  });

  it('finds a page by path in the current revision, slashes around it ignored; a link page or no page answers none', async () => {
    expect(await client.findPageByPath({ spaceId, path: '/guide/install/' })).toEqual({
      spaceExists: true,
      revisionId: second,
      pageId: 'i',
      path: 'guide/install',
    });
    expect((await client.findPageByPath({ spaceId, path: 'link' })).pageId).toBe('');
    expect((await client.findPageByPath({ spaceId, path: 'nope' })).pageId).toBe('');
    expect((await client.findPageByPath({ spaceId: 'unknown', path: 'guide' })).spaceExists).toBe(false);
    await expect(client.findPageByPath({ spaceId, path: 'x'.repeat(1025) })).rejects.toMatchObject({ code: 400 });
  });

  it('answers the paths of pages by id, unknown ids left out, and refuses more than 1,000 ids', async () => {
    const { pages } = await client.getPagePaths({ spaceId, pageIds: ['i', 'unknown', 'g', 'i'] });
    expect(pages).toEqual([
      { pageId: 'i', path: 'guide/install', kind: 'document' },
      { pageId: 'g', path: 'guide', kind: 'document' },
    ]);
    await expect(client.getPagePaths({ spaceId, pageIds: Array.from({ length: 1001 }, (_, i) => `p${i}`) })).rejects.toMatchObject({ code: 400 });
  });

  it('lists the path changes between two revisions of the space, and refuses a revision of another space', async () => {
    const { changes } = await client.listPagePathChanges({ spaceId, fromRevisionId: first, toRevisionId: second });
    expect(changes.map((c) => [c.pageId, c.oldPath ?? null, c.newPath ?? null])).toEqual([
      ['g', null, 'guide'],
      ['i', null, 'guide/install'],
      ['grp', null, 'grouped'],
      ['l', null, 'link'],
    ]);
    const back = await client.listPagePathChanges({ spaceId, fromRevisionId: second, toRevisionId: first });
    expect(back.changes.map((c) => [c.pageId, c.oldPath ?? null, c.newPath ?? null])).toContainEqual(['i', 'guide/install', null]);
    await expect(client.listPagePathChanges({ spaceId, fromRevisionId: first, toRevisionId: 'elsewhere' })).rejects.toMatchObject({ code: 404 });
  });

  it('answers a deleted space as unknown', async () => {
    const gone = await createSpaceWithRevision(
      db,
      { organizationId: 'o', parentId: null, title: 'Gone', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u' },
      now,
    );
    await softDeleteSpace(db, gone, now);
    expect((await client.getPagePaths({ spaceId: gone.id, pageIds: ['x'] })).spaceExists).toBe(false);
  });
});
