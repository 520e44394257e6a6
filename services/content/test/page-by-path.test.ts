import { RevisionIndex } from '../src/modules/revisions/domain/content-refs';
import type { StoredPage } from '../src/modules/revisions/model/revision-tree';
import { normalizePagePath } from '../src/modules/space-content/application/read-page-by-path';

// getPageByPath and its forms find a page by its slug path in a revision.

const page = (id: string, slug: string, parentId: string | null = null, kind: StoredPage['kind'] = 'document'): StoredPage => ({
  id,
  parentId,
  kind,
  title: slug,
  slug,
  ...(kind === 'document' ? { body: `h-${id}` } : {}),
});
const index = new RevisionIndex({
  pages: [page('g', 'section', null, 'group'), page('a', 'guides', 'g'), page('b', 'install', 'a'), page('c', 'on-linux', 'b'), page('d', 'faq')],
  files: [],
});

describe('a page by its path', () => {
  it('finds top-level and nested pages; a group names itself but not its children', () => {
    expect(index.pageAt('faq')?.id).toBe('d');
    expect(index.pageAt('guides/install/on-linux')?.id).toBe('c');
    expect(index.pageAt('section')?.id).toBe('g');
    expect(index.pageAt('section/guides')).toBeUndefined();
    expect(index.pageAt('install')).toBeUndefined();
    expect(index.pageAt('')).toBeUndefined();
  });

  it('reads a path with slashes around it as the same path', () => {
    expect(normalizePagePath('/guides/install/')).toBe('guides/install');
    expect(normalizePagePath('//faq')).toBe('faq');
    expect(normalizePagePath('guides')).toBe('guides');
  });
});
