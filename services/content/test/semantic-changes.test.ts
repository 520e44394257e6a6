import { semanticChanges } from '../src/modules/change-requests/domain/semantic-changes';
import type { RevisionTree, StoredFile, StoredPage } from '../src/modules/revisions';

// The semantic changes between two revisions' trees (reference RevisionSemanticChange).

const page = (id: string, over: Partial<StoredPage> = {}): StoredPage => ({
  id,
  parentId: null,
  kind: 'document',
  title: id,
  slug: id,
  body: `h-${id}`,
  ...over,
});
const file = (id: string, over: Partial<StoredFile> = {}): StoredFile => ({
  id,
  name: `${id}.png`,
  contentType: 'image/png',
  size: 1,
  blob: `b-${id}`,
  ...over,
});
const tree = (pages: StoredPage[], files: StoredFile[] = []): RevisionTree => ({ pages, files });

describe('semanticChanges', () => {
  it('is empty between equal trees', () => {
    expect(semanticChanges(tree([page('a')], [file('f')]), tree([page('a')], [file('f')]))).toEqual([]);
  });

  it('lists created, edited, moved and deleted pages, then files', () => {
    const before = tree([page('a'), page('b'), page('c')], [file('f'), file('g')]);
    const after = tree([page('a', { title: 'A!', body: 'h-new' }), page('c', { parentId: 'a' }), page('d')], [file('f', { name: 'logo.png' }), file('h')]);
    expect(semanticChanges(before, after)).toEqual([
      { type: 'page_edited', page: after.pages[0], attributes: { title: { before: 'a', after: 'A!' }, document: { before: 'h-a', after: 'h-new' } } },
      { type: 'page_moved', page: after.pages[1], parent: { before: undefined, after: after.pages[0] } },
      { type: 'page_created', page: after.pages[2] },
      { type: 'page_deleted', page: before.pages[1] },
      { type: 'file_edited', file: after.files[0], attributes: { name: { before: 'f.png', after: 'logo.png' } } },
      { type: 'file_created', file: after.files[1] },
      { type: 'file_deleted', file: before.files[1] },
    ]);
  });
});
