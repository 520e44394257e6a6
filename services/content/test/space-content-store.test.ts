import { blobKey, FsBlobStore } from '@quire/platform/blobs';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import type { ImportedContent } from '@quire/formats';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectUnusedContent } from '../src/modules/revisions/application/collect-unused';
import { importContent, type ContentImportDeps } from '../src/modules/revisions/application/import-content';
import { spaceHead } from '../src/modules/revisions/application/content-heads';
import { loadRevision } from '../src/modules/revisions/application/read-content';
import type { Importer } from '../src/modules/imports/domain/importer';
import { DEFAULT_IMPORT_LIMITS } from '../src/settings';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { findSpace } from '../src/modules/spaces/store/spaces.store';
import { openContentDb, silentLogger } from './content-db';

// Revisions on a real (embedded) PostgreSQL: what an import writes, what a one-page change adds,
// and what the collector removes once no revision uses it.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const pages = (n: number, body: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => ({ title: `Page ${i}`, markdown: body(i), source: `https://x.test/p${i}.md`, pages: [] }));

describe('space content on the database', () => {
  let db: PgliteDatabase;
  let next: ImportedContent;
  let deps: ContentImportDeps;
  const blobs = new FsBlobStore(mkdtempSync(join(tmpdir(), 'quire-blobs-')));
  const noCache = { get: async () => null, set: async () => undefined } as never;

  beforeAll(async () => {
    db = await openContentDb();
    const importer: Importer = async () => next;
    deps = {
      db,
      blobs,
      importers: { markdown: importer, html: importer, zip: importer, docx: importer, website: importer },
      // The stub importers convert nothing: no conversion threads.
      importDeps: { fetcher: { fetch: () => Promise.reject(new Error('unused')) }, limits: DEFAULT_IMPORT_LIMITS, log: silentLogger, conversions: {} as never },
      log: silentLogger,
      clock: () => new Date(),
    };
  });
  afterAll(async () => {
    await db.close();
  });

  const newSpace = () =>
    createSpaceWithRevision(
      db,
      { organizationId: 'org1', parentId: null, title: 'S', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
      new Date(),
    );
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0;
  const run = (spaceId: string, placement: { kind: 'append' } | { kind: 'replace-page'; pageId: string }) =>
    importContent(deps, { head: spaceHead(spaceId), organizationId: 'org1', userId: 'u1', url: 'https://x.test/', source: 'zip', placement });

  it('writes one revision and its bodies; a one-page change of 100 adds one body row', async () => {
    const space = await newSpace();
    next = {
      pages: pages(100, (i) => `Body ${i} of [next](p${i + 1}.md) ![img](img.png)`),
      files: [{ source: 'https://x.test/img.png', name: 'img.png', contentType: 'image/png', bytes: PNG }],
      totalResources: 101,
    };
    const bodiesBefore = await count('page_bodies');
    const first = await run(space.id, { kind: 'append' });
    expect(first).toEqual({ revision: expect.any(String), importedResources: 101, totalResources: 101 });
    expect((await count('page_bodies')) - bodiesBefore).toBe(100);
    expect((await findSpace(db, space.id))?.revisionId).toBe(first.revision);

    const loaded = await loadRevision(db, noCache, space.id, first.revision);
    const target = loaded.revision.tree.pages[50]?.id as string;
    next = { pages: pages(1, () => 'A changed body'), files: [], totalResources: 1 };
    const revisionsBefore = await count('revisions');
    const bodies = await count('page_bodies');
    const second = await run(space.id, { kind: 'replace-page', pageId: target });
    expect(await count('revisions')).toBe(revisionsBefore + 1);
    expect(await count('page_bodies')).toBe(bodies + 1);
    const reloaded = await loadRevision(db, noCache, space.id, second.revision);
    expect(reloaded.revision.parents).toEqual([first.revision]);
    expect(reloaded.revision.tree.pages.filter((p, i) => p.body !== loaded.revision.tree.pages[i]?.body).map((p) => p.id)).toEqual([target]);
  });

  it('collects bodies and blobs no revision uses, and keeps what another space shares', async () => {
    const [kept, dropped] = [await newSpace(), await newSpace()];
    next = {
      pages: pages(2, (i) => (i === 0 ? 'Shared body' : 'Only in the dropped space')),
      files: [{ source: 'https://x.test/a.png', name: 'a.png', contentType: 'image/png', bytes: PNG }],
      totalResources: 3,
    };
    await run(dropped.id, { kind: 'append' });
    next = { pages: pages(1, () => 'Shared body'), files: [], totalResources: 1 };
    await run(kept.id, { kind: 'append' });
    await db.query('DELETE FROM spaces WHERE id <> $1 AND id IN (SELECT id FROM spaces WHERE organization_id = $2)', [kept.id, 'org1']);
    const before = await count('page_bodies');
    const collected = await collectUnusedContent(db, blobs, 0);
    expect(collected.bodies).toBe(before - 1);
    expect(collected.blobs).toBe(1);
    expect((await db.query<{ markdown: string }>('SELECT markdown FROM page_bodies')).rows.map((r) => r.markdown)).toEqual(['Shared body']);
    expect(await blobs.get(blobKey(PNG))).toBeNull();
  });

  it('refuses an import into a locked space and leaves its revision current', async () => {
    const space = await newSpace();
    await db.query("UPDATE spaces SET edit_mode = 'locked' WHERE id = $1", [space.id]);
    next = { pages: pages(1, () => 'x'), files: [], totalResources: 1 };
    await expect(run(space.id, { kind: 'append' })).rejects.toMatchObject({ code: 409 });
    expect((await findSpace(db, space.id))?.revisionId).toBe(space.revisionId);
  });
});
