import type * as grpc from '@grpc/grpc-js';
import { createGrpcClient, startGrpcServer, stopGrpcServer, type IdentityClient } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import type { SqlDatabase } from '@quire/platform/sql';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { UrlBuilder } from '@quire/urls';
import { content } from '@quire/proto';
import { softDeleteSpace } from '../src/modules/spaces/application/delete-space';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { searchGrpc } from '../src/modules/search/grpc/search.grpc';
import { contentGrpc } from '../src/modules/spaces/grpc/content.grpc';
import { openContentDb, silentLogger } from './content-db';

// GetSpaces and CheckSpaceAccess over real gRPC, on embedded Postgres, with identity's
// GetMembership answered by a fake.

const now = new Date('2026-02-01T00:00:00Z');
const ROLES: Record<string, string> = { 'orgA:ada': 'read', 'orgB:ada': 'admin' };

describe('content gRPC', () => {
  let db: PgliteDatabase;
  let queries = 0;
  let server: grpc.Server;
  let client: ReturnType<typeof createGrpcClient<content.ContentClient>>;

  beforeAll(async () => {
    db = await openContentDb();
    // Counts the statements the gRPC handlers run.
    const counted: SqlDatabase = {
      query: (text, params) => {
        queries++;
        return db.query(text, params);
      },
      exec: (script) => db.exec(script),
      transaction: (fn) => db.transaction(fn),
      signal: (channel) => db.signal(channel),
      onSignal: (channel, listener) => db.onSignal(channel, listener),
      ping: () => db.ping(),
      close: () => db.close(),
    };
    const identity: Pick<IdentityClient, 'getMembership'> = {
      getMembership: async ({ organizationId, userId }) => ({
        organizationExists: true,
        role: ROLES[`${organizationId}:${userId}`] ?? '',
        teamIds: [],
        guest: false,
      }),
    };
    const membership = new MembershipResolver(() => identity as IdentityClient);
    const started = await startGrpcServer(
      '127.0.0.1:0',
      contentGrpc(
        { db: counted, urls: new UrlBuilder('https://docs.example.com'), clock: () => new Date(), membership },
        searchGrpc({ db: counted, urls: new UrlBuilder('https://docs.example.com') }),
      ),
      silentLogger,
    );
    server = started.server;
    client = createGrpcClient(content.ContentClient, `127.0.0.1:${started.port}`, 'content', { deadlineMs: 5000 });
  });
  afterAll(async () => {
    client.close();
    await stopGrpcServer(server);
    await db.close();
  });

  const space = (organizationId: string, title: string, defaultLevel = 'inherit') =>
    createSpaceWithRevision(
      db,
      { organizationId, parentId: null, title, emoji: '', visibility: 'private', defaultLevel, editMode: 'live', createdBy: 'u1' },
      now,
    );

  it('answers N spaces in the order asked, with three queries (the spaces, then the collections and grants the rule reads for all their organizations), leaving out unknown, deleted and inaccessible ones', async () => {
    const a1 = await space('orgA', 'A1');
    const b1 = await space('orgB', 'B1');
    const a2 = await space('orgA', 'A2');
    const gone = await space('orgA', 'Gone');
    await softDeleteSpace(db, gone, now);
    const hidden = await space('orgC', 'Not a member');

    queries = 0;
    const { spaces } = await client.getSpaces({ spaceIds: [a2.id, 'unknown', b1.id, gone.id, hidden.id, a1.id, a2.id], userId: 'ada' });
    expect(queries).toBe(3);
    expect(spaces.map((s) => [s.id, s.organizationId, s.level])).toEqual([
      [a2.id, 'orgA', 'read'],
      [b1.id, 'orgB', 'admin'],
      [a1.id, 'orgA', 'read'],
    ]);
    const presented = JSON.parse(spaces[1]?.spaceJson ?? '{}');
    expect(presented).toMatchObject({ object: 'space', id: b1.id, title: 'B1', organization: 'orgB', revision: b1.revisionId, permissions: { admin: true } });
    expect(presented.urls.location).toBe(`https://docs.example.com/v1/spaces/${b1.id}`);
    expect(JSON.parse(spaces[0]?.spaceJson ?? '{}').permissions).toMatchObject({ view: true, edit: false });
  });

  it('presents spaces without permissions for an empty user id', async () => {
    const s = await space('orgC', 'Internal');
    const { spaces } = await client.getSpaces({ spaceIds: [s.id], userId: '' });
    expect(spaces).toHaveLength(1);
    expect(spaces[0]?.level).toBe('');
    expect(JSON.parse(spaces[0]?.spaceJson ?? '{}').permissions.view).toBe(false);
  });

  it('answers the level the docs/architecture.md rule gives, and no access or no space otherwise', async () => {
    const capped = await space('orgB', 'Capped', 'read');
    const mine = await space('orgA', 'Read');
    expect(await client.checkSpaceAccess({ spaceId: capped.id, userId: 'ada' })).toEqual({ exists: true, organizationId: 'orgB', level: 'admin' });
    expect(await client.checkSpaceAccess({ spaceId: mine.id, userId: 'ada' })).toEqual({ exists: true, organizationId: 'orgA', level: 'read' });
    expect(await client.checkSpaceAccess({ spaceId: mine.id, userId: 'bob' })).toEqual({ exists: true, organizationId: 'orgA', level: '' });
    expect(await client.checkSpaceAccess({ spaceId: 'unknown', userId: 'ada' })).toEqual({ exists: false, organizationId: '', level: '' });
    await softDeleteSpace(db, mine, now);
    expect((await client.checkSpaceAccess({ spaceId: mine.id, userId: 'ada' })).exists).toBe(false);
  });

  it('refuses a request with a NUL character before any handler runs (400 to the caller)', async () => {
    queries = 0;
    await expect(client.getSpaces({ spaceIds: ['a\u0000b'], userId: 'ada' })).rejects.toMatchObject({
      code: 400,
      message: expect.stringMatching(/spaceIds.0.*NUL/),
    });
    expect(queries).toBe(0);
  });

  it('SearchPublishedContent: bounded input refused as a 400 naming the field, before any query; unknown spaces answer nothing', async () => {
    const request = { organizationId: 'orgA', spaceIds: ['s1'], query: 'quokka', offset: 0, limit: 10 };
    queries = 0;
    const refusals: [Partial<typeof request>, RegExp][] = [
      [{ query: '' }, /"query"/],
      [{ query: '  ' }, /"query".*blank/],
      [{ query: 'q'.repeat(513) }, /"query"/],
      [{ spaceIds: [] }, /"spaceIds"/],
      [{ spaceIds: Array.from({ length: 1001 }, (_, i) => `s${i}`) }, /"spaceIds"/],
      [{ spaceIds: ['not an id'] }, /"spaceIds.0"/],
      [{ limit: 1001 }, /"limit"/],
      [{ offset: -1 }, /"offset"/],
    ];
    for (const [change, message] of refusals) {
      await expect(client.searchPublishedContent({ ...request, ...change })).rejects.toMatchObject({ code: 400, message: expect.stringMatching(message) });
    }
    expect(queries).toBe(0);
    expect(await client.searchPublishedContent(request)).toEqual({ spaces: [], pagesFound: 0, complete: true });
  });
});
