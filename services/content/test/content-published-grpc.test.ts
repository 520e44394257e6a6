import type * as grpc from '@grpc/grpc-js';
import { MemoryCache } from '@quire/platform/cache';
import { createGrpcClient, startGrpcServer, stopGrpcServer } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import { deriveSecret } from '@quire/platform/secrets';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { content } from '@quire/proto';
import { issueSiteApiToken, SITE_API_TOKEN_SECRET_PURPOSE } from '@quire/publishing';
import { insertRevision, setCurrentRevision, type ContentDeps, type ContentUrls } from '../src/modules/revisions';
import { contentPublishedGrpc } from '../src/modules/space-content/grpc/content-published.grpc';
import { createSpace } from '../src/modules/spaces/domain/spaces';
import { openContentDb, silentLogger } from './content-db';

// ContentPublished over real gRPC (issue #36 §7): a site reader (the apiToken sites issues with a
// resolved URL) reads each listed space's published (current) revision only — an older revision of
// the same space is as unknown to it as one that never existed.

const now = new Date('2026-02-01T00:00:00Z');
const SECRET = 'content-published-grpc-test-secret-0123456789';

describe('ContentPublished: a site reader reads the published revision only', () => {
  let db: PgliteDatabase;
  let server: grpc.Server;
  let client: ReturnType<typeof createGrpcClient<content.ContentPublishedClient>>;
  let spaceId: string;
  let older: string;
  let current: string;
  let apiToken: string;

  beforeAll(async () => {
    db = await openContentDb();
    const membership = new MembershipResolver(() => {
      throw new Error('identity is never asked about a site reader');
    });
    const deps = { db, cache: new MemoryCache(), membership, internalSecret: SECRET, contentUrls: {} as ContentUrls } as unknown as ContentDeps & {
      contentUrls: ContentUrls;
    };
    const started = await startGrpcServer('127.0.0.1:0', contentPublishedGrpc(deps), silentLogger);
    server = started.server;
    client = createGrpcClient(content.ContentPublishedClient, `127.0.0.1:${started.port}`, 'content', { deadlineMs: 5000 });
    const space = await createSpace(
      db,
      { organizationId: 'o', parentId: null, title: 'Published', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u' },
      now,
    );
    spaceId = space.id;
    older = space.revisionId;
    current = 'rev-published';
    const pages = [{ id: 'p1', parentId: null, kind: 'document' as const, title: 'Intro', slug: 'intro' }];
    await db.transaction(async (tx) => {
      await insertRevision(tx, { id: current, spaceId, parents: [older], type: 'edits', tree: { pages, files: [] }, createdBy: 'u' }, now);
      await setCurrentRevision(tx, spaceId, current, now);
    });
    apiToken = (
      await issueSiteApiToken(
        { organization: 'o', site: 's1', siteSpace: 'ss1', space: spaceId },
        deriveSecret(SECRET, SITE_API_TOKEN_SECRET_PURPOSE),
        new Date(),
      )
    ).token;
  });
  afterAll(async () => {
    client.close();
    await stopGrpcServer(server);
    await db.close();
  });

  it('reads the current revision, by its id or with none', async () => {
    expect(await client.getPublishedPages({ apiToken, spaceId, revisionId: current })).toMatchObject({ revisionId: current, pages: [{ id: 'p1' }] });
    expect(await client.getPublishedPages({ apiToken, spaceId, revisionId: '' })).toMatchObject({ revisionId: current });
  });

  it('is NOT_FOUND for an older revision of its space, on every published read', async () => {
    const notFound = { code: 404, message: `Revision ${older} not found` };
    await expect(client.getPublishedPages({ apiToken, spaceId, revisionId: older })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedPageDocument({ apiToken, spaceId, revisionId: older, pageId: 'p1' })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedPageMarkdown({ apiToken, spaceId, revisionId: older, pageId: 'p1' })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedFileUrl({ apiToken, spaceId, revisionId: older, fileId: 'f1' })).rejects.toMatchObject(notFound);
  });
});
