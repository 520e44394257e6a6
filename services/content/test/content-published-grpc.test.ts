import { createHash } from 'node:crypto';
import type * as grpc from '@grpc/grpc-js';
import { MemoryCache } from '@quire/platform/cache';
import { createGrpcClient, startGrpcServer, stopGrpcServer } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import { deriveSecret } from '@quire/platform/secrets';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { content } from '@quire/proto';
import { issueSiteApiToken, SITE_API_TOKEN_SECRET_PURPOSE } from '@quire/publishing';
import { bodyHash, setCurrentRevision, storeRevision, type ContentDeps, type ContentUrls } from '../src/modules/revisions';
import { contentPublishedGrpc } from '../src/modules/space-content/grpc/content-published.grpc';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { openContentDb, silentLogger } from './content-db';

// ContentPublished over real gRPC: a site reader (the apiToken sites issues with a
// resolved URL) reads each listed space's published (current) revision only — an older revision of
// the same space is as unknown to it as one that never existed.

const now = new Date('2026-02-01T00:00:00Z');
const SECRET = 'content-published-grpc-test-secret-0123456789';
const PICTURE = Buffer.from('a small picture');
const PICTURE_BLOB = createHash('sha256').update(PICTURE).digest('hex');
const BIG_BLOB = 'b'.repeat(64);
const files = [
  { id: 'f1', name: 'picture.png', contentType: 'image/png', size: PICTURE.length, blob: PICTURE_BLOB },
  // Above the bytes one gRPC answer carries: its signed download instead.
  { id: 'f2', name: 'poster.png', contentType: 'image/png', size: 5 * 1024 * 1024, blob: BIG_BLOB },
];

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
    const contentUrls = {
      urls: { app: (path: string) => `https://quire.test${path}` },
      internalSecret: SECRET,
      downloadTtlSeconds: 60,
    } as unknown as ContentUrls;
    const blobs = { get: async (key: string) => (key === PICTURE_BLOB ? PICTURE : null) };
    const deps = { db, cache: new MemoryCache(), membership, internalSecret: SECRET, contentUrls, blobs } as unknown as ContentDeps & {
      contentUrls: ContentUrls;
    };
    const started = await startGrpcServer('127.0.0.1:0', contentPublishedGrpc(deps), silentLogger);
    server = started.server;
    client = createGrpcClient(content.ContentPublishedClient, `127.0.0.1:${started.port}`, 'content', { deadlineMs: 5000 });
    const space = await createSpaceWithRevision(
      db,
      { organizationId: 'o', parentId: null, title: 'Published', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u' },
      now,
    );
    spaceId = space.id;
    older = space.revisionId;
    current = 'rev-published';
    // p1 and three more document pages of about 1 MiB each (the batched read's byte bound is 2 MiB), a group and a link.
    const big = (c: string) => `# ${c}\n\n${c.repeat(1024 * 1024)}`;
    const bodies = ['Hello from the intro.', big('a'), big('b'), big('c')].map((markdown) => ({ hash: bodyHash(markdown), markdown, links: [] }));
    const pages = [
      { id: 'p1', parentId: null, kind: 'document' as const, title: 'Intro', slug: 'intro', body: bodies[0]?.hash },
      ...['a', 'b', 'c'].map((c, i) => ({ id: `big-${c}`, parentId: null, kind: 'document' as const, title: c, slug: c, body: bodies[i + 1]?.hash })),
      { id: 'empty', parentId: null, kind: 'document' as const, title: 'Empty', slug: 'empty' },
      { id: 'g1', parentId: null, kind: 'group' as const, title: 'Group', slug: 'group' },
    ];
    await db.transaction(async (tx) => {
      await storeRevision(tx, { id: current, spaceId, parents: [older], type: 'edits', tree: { pages, files }, createdBy: 'u' }, bodies, now);
      await setCurrentRevision(tx, spaceId, current, now);
    });
    apiToken = (
      await issueSiteApiToken(
        { organization: 'o', site: 's1', siteSpace: 'ss1', space: spaceId, as: 'stamp123456' },
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
    expect(await client.getPublishedPages({ apiToken, spaceId, revisionId: current })).toMatchObject({
      revisionId: current,
      pages: [{ id: 'p1' }, { id: 'big-a' }, { id: 'big-b' }, { id: 'big-c' }, { id: 'empty' }, { id: 'g1' }],
    });
    expect(await client.getPublishedPages({ apiToken, spaceId, revisionId: '' })).toMatchObject({ revisionId: current });
  });

  it('is NOT_FOUND for an older revision of its space, on every published read', async () => {
    const notFound = { code: 404, message: `Revision ${older} not found`, reason: 'revision-not-found' };
    await expect(client.getPublishedPages({ apiToken, spaceId, revisionId: older })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedPageDocument({ apiToken, spaceId, revisionId: older, pageId: 'p1' })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedPageMarkdown({ apiToken, spaceId, revisionId: older, pageId: 'p1' })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedFileUrl({ apiToken, spaceId, revisionId: older, fileId: 'f1' })).rejects.toMatchObject(notFound);
    await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: older, pageIds: ['p1'] })).rejects.toMatchObject(notFound);
  });

  describe('GetPublishedFileContent: a file of the published revision by its content', () => {
    it('lists each file with its blob, and answers its bytes by that blob', async () => {
      const listed = await client.getPublishedPages({ apiToken, spaceId, revisionId: '' });
      expect(listed.files).toEqual(files.map(({ id, name, contentType, blob }) => ({ id, name, contentType, blob })));
      expect(await client.getPublishedFileContent({ apiToken, spaceId, revisionId: '', blob: PICTURE_BLOB })).toEqual({
        name: 'picture.png',
        contentType: 'image/png',
        size: PICTURE.length,
        data: PICTURE,
        downloadUrl: '',
      });
    });

    it('answers a file too large for one answer with its signed download instead of its bytes', async () => {
      const big = await client.getPublishedFileContent({ apiToken, spaceId, revisionId: current, blob: BIG_BLOB });
      expect(big).toMatchObject({ name: 'poster.png', size: 5 * 1024 * 1024, data: Buffer.alloc(0) });
      expect(big.downloadUrl).toMatch(/^https:\/\/quire\.test\/v1\/file-downloads\/rev-published\/f2\?/);
    });

    it('is NOT_FOUND for a blob the revision does not hold, an older revision, or a space the token does not list', async () => {
      await expect(client.getPublishedFileContent({ apiToken, spaceId, revisionId: '', blob: 'c'.repeat(64) })).rejects.toMatchObject({ code: 404 });
      await expect(client.getPublishedFileContent({ apiToken, spaceId, revisionId: older, blob: PICTURE_BLOB })).rejects.toMatchObject({ code: 404 });
      await expect(client.getPublishedFileContent({ apiToken, spaceId: 'other-space', revisionId: '', blob: PICTURE_BLOB })).rejects.toMatchObject({
        code: 404,
      });
      await expect(client.getPublishedFileContent({ apiToken: 'not-a-token', spaceId, revisionId: '', blob: PICTURE_BLOB })).rejects.toMatchObject({
        code: 401,
      });
    });
  });

  describe('GetPublishedPagesMarkdown: many pages of the published revision in one call', () => {
    it('answers the pages asked for in the order asked, as the single read does', async () => {
      const { pages } = await client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: ['empty', 'p1'] });
      expect(pages).toEqual([
        { pageId: 'empty', markdown: '' },
        { pageId: 'p1', markdown: 'Hello from the intro.' },
      ]);
      const single = await client.getPublishedPageMarkdown({ apiToken, spaceId, revisionId: '', pageId: 'p1' });
      expect(single.markdown).toBe(pages[1]?.markdown);
      // With no revision: the current one.
      expect((await client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: '', pageIds: ['p1'] })).pages).toHaveLength(1);
    });

    it('stops within 2 MiB of markdown (the first page always): the rest is asked for again', async () => {
      const asked = ['p1', 'big-a', 'big-b', 'big-c'];
      const first = await client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: asked });
      expect(first.pages.map((p) => p.pageId)).toEqual(['p1', 'big-a']);
      const rest = await client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: asked.slice(first.pages.length) });
      expect(rest.pages.map((p) => p.pageId)).toEqual(['big-b']);
      expect(rest.pages[0]?.markdown.startsWith('# b\n\nbbb')).toBe(true);
    });

    it('is NOT_FOUND for a page the revision lacks or a group page, naming it', async () => {
      await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: ['p1', 'nope'] })).rejects.toMatchObject({
        code: 404,
        message: 'Page nope not found',
      });
      await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: ['g1'] })).rejects.toMatchObject({
        code: 404,
        message: 'Page g1 is a group page and has no markdown',
      });
    });

    it('refuses no page ids, more than 200, or a malformed id, naming the field', async () => {
      const many = Array.from({ length: 201 }, () => 'p1');
      await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: many })).rejects.toMatchObject({
        code: 400,
        message: expect.stringContaining('pageIds'),
      });
      await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: [] })).rejects.toMatchObject({ code: 400 });
      await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: ['../x'] })).rejects.toMatchObject({ code: 400 });
      expect((await client.getPublishedPagesMarkdown({ apiToken, spaceId, revisionId: current, pageIds: many.slice(1) })).pages).toHaveLength(200);
    });

    it('reads only the spaces the site API token lists, and refuses a bad token', async () => {
      const other = await createSpaceWithRevision(
        db,
        { organizationId: 'o', parentId: null, title: 'Other', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u' },
        now,
      );
      await expect(client.getPublishedPagesMarkdown({ apiToken, spaceId: other.id, revisionId: '', pageIds: ['p1'] })).rejects.toMatchObject({ code: 404 });
      await expect(client.getPublishedPagesMarkdown({ apiToken: 'not-a-token', spaceId, revisionId: '', pageIds: ['p1'] })).rejects.toMatchObject({
        code: 401,
      });
    });
  });
});
