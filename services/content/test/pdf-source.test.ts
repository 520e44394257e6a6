import type { BlobStore } from '@quire/platform/blobs';
import type { SqlExecutor } from '@quire/platform/sql';
import { RevisionIndex } from '../src/modules/revisions/domain/content-refs';
import type { LoadedRevision } from '../src/modules/revisions/application/read-content';
import type { RevisionTree, StoredPage } from '../src/modules/revisions/model/revision-tree';
import { revisionPdfSource } from '../src/modules/pdf/application/revision-pdf';

// What the PDF export reads from a revision: pages in tree order, bodies in one query, images
// from the revision's files only.

const page = (id: string, parentId: string | null, extra: Partial<StoredPage> = {}): StoredPage => ({
  id,
  parentId,
  kind: 'document',
  title: `Title ${id}`,
  slug: id,
  ...extra,
});

const tree: RevisionTree = {
  // Parents before children, but not depth first: the PDF must still read a, a1, a2, g, g1, b.
  pages: [
    page('a', null, { body: 'ha' }),
    page('g', null, { kind: 'group' }),
    page('b', null, { kind: 'link', target: { kind: 'url', url: 'https://example.test/x y' } }),
    page('a1', 'a', { body: 'ha1' }),
    page('g1', 'g', { kind: 'link', target: { kind: 'page', page: 'a1' } }),
    page('a2', 'a'),
  ],
  files: [{ id: 'f1', name: 'pic.png', contentType: 'image/png', size: 3, blob: 'blob-key' }],
};

const loaded: LoadedRevision = {
  revision: { id: 'r1', spaceId: 's1', parents: [], type: 'edits', tree, mergedFrom: null, createdAt: new Date(), gitCommit: null, gitBlobs: null },
  index: new RevisionIndex(tree),
};

function fakes() {
  const queries: unknown[][] = [];
  const db = {
    query: (_sql: string, params: unknown[] = []) => {
      queries.push(params);
      const rows = (params[0] as string[]).map((hash) => ({ hash, markdown: `body of ${hash}` }));
      return Promise.resolve({ rows, rowCount: rows.length });
    },
  } as unknown as SqlExecutor;
  const gets: string[] = [];
  const blobs = {
    get: (key: string) => {
      gets.push(key);
      return Promise.resolve(Buffer.from('png'));
    },
  } as unknown as BlobStore;
  return { db, blobs, queries, gets };
}

describe('revisionPdfSource', () => {
  it('lists pages depth first with their depth and reads all bodies in one query', async () => {
    const { db, blobs, queries } = fakes();
    const source = await revisionPdfSource({ db, blobs }, loaded, 'Space');
    expect(source.title).toBe('Space');
    expect(source.pages.map((p) => [p.id, p.depth])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['a2', 1],
      ['g', 0],
      ['g1', 1],
      ['b', 0],
    ]);
    expect(queries).toEqual([[['ha', 'ha1']]]);
    expect(source.pages.find((p) => p.id === 'a1')?.markdown).toBe('body of ha1');
    expect(source.pages.find((p) => p.id === 'a2')?.markdown).toBe('');
    expect(source.pages.find((p) => p.id === 'g')?.markdown).toBe('');
    expect(source.pages.find((p) => p.id === 'b')?.markdown).toBe('Link: <https://example.test/x%20y>');
    expect(source.pages.find((p) => p.id === 'g1')?.markdown).toBe('Link to the page Title a1');
  });

  it('renders one page when asked for one', async () => {
    const { db, blobs } = fakes();
    const source = await revisionPdfSource({ db, blobs }, loaded, 'Space', { pageId: 'a1' });
    expect(source.pages).toEqual([{ id: 'a1', title: 'Title a1', depth: 0, markdown: 'body of ha1' }]);
    await expect(revisionPdfSource({ db, blobs }, loaded, 'Space', { pageId: 'nope' })).rejects.toThrow('not found');
  });

  it("resolves images to the revision's files and never fetches URLs", async () => {
    const { db, blobs, gets } = fakes();
    const source = await revisionPdfSource({ db, blobs }, loaded, 'Space');
    await expect(source.image('../.gitbook/assets/pic.png', 'a1')).resolves.toEqual({ bytes: Buffer.from('png'), contentType: 'image/png' });
    await expect(source.image('https://example.test/pic.png', 'a1')).resolves.toBeUndefined();
    await expect(source.image('.gitbook/assets/other.png', 'a')).resolves.toBeUndefined();
    expect(gets).toEqual(['blob-key']);
  });
});
