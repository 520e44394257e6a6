import { validateSchema } from '../../../test/support/reference';
import { semanticChanges } from '../src/modules/change-requests/domain/semantic-changes';
import { presentSemanticChanges } from '../src/modules/change-requests/presenters/semantic-changes.presenter';
import type { ContentUrls, RevisionTree, StoredFile, StoredPage } from '../src/modules/revisions';

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

  it('answers page changes the references accept, page_edited included (found by schemathesis)', () => {
    const before = tree([page('a'), page('b'), page('g', { kind: 'group' })]);
    const after = tree([page('a', { title: 'A!', body: 'h-new' }), page('g', { kind: 'group', title: 'Guides' }), page('c')]);
    // Pages only: no file, so no download URL is built from the content URLs.
    const presented = presentSemanticChanges(
      semanticChanges(before, after),
      { before: { id: 'r1', ...before }, after: { id: 'r2', ...after }, limit: 10 },
      {} as ContentUrls,
    );
    expect(presented.changes.map((c) => c.type)).toEqual(['page_edited', 'page_edited', 'page_created', 'page_deleted']);
    for (const reference of ['0.143.2', '0.202.0'] as const) expect(validateSchema('RevisionSemanticChanges', presented, { reference })).toEqual([]);
  });
});
