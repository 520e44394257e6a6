import { pagePathChanges } from '../src/modules/space-content/domain/page-path-changes';
import type { StoredPage } from '../src/modules/revisions';

// The page path changes sites build automatic redirects from (gRPC ListPagePathChanges).

const page = (id: string, slug: string, parentId: string | null = null, kind: StoredPage['kind'] = 'document'): StoredPage => ({
  id,
  parentId,
  kind,
  title: id,
  slug,
});

describe('pagePathChanges', () => {
  it('lists nothing when no path changed (a body edit)', () => {
    const pages = [page('a', 'intro'), page('b', 'install', 'a')];
    expect(pagePathChanges(pages, pages)).toEqual([]);
  });

  it('lists a renamed page and every descendant whose path followed it', () => {
    const before = [page('a', 'intro'), page('b', 'install', 'a'), page('c', 'other')];
    const after = [page('a', 'start'), page('b', 'install', 'a'), page('c', 'other')];
    expect(pagePathChanges(before, after)).toEqual([
      { pageId: 'a', kind: 'document', oldPath: 'intro', newPath: 'start' },
      { pageId: 'b', kind: 'document', oldPath: 'intro/install', newPath: 'start/install' },
    ]);
  });

  it('lists a page moved under another parent, and one moved out of a group (a group is not part of paths)', () => {
    const before = [page('g', 'group', null, 'group'), page('a', 'a', 'g'), page('b', 'b')];
    const after = [page('g', 'group', null, 'group'), page('b', 'b'), page('a', 'a', 'b')];
    expect(pagePathChanges(before, after)).toEqual([{ pageId: 'a', kind: 'document', oldPath: 'a', newPath: 'b/a' }]);
  });

  it('lists added pages without an old path and deleted ones without a new path', () => {
    const before = [page('a', 'a'), page('gone', 'gone')];
    const after = [page('a', 'a'), page('new', 'new', null, 'link')];
    expect(pagePathChanges(before, after)).toEqual([
      { pageId: 'new', kind: 'link', newPath: 'new' },
      { pageId: 'gone', kind: 'document', oldPath: 'gone' },
    ]);
  });
});
