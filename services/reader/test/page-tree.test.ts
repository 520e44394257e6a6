import { PageTree, type PageEntry } from '../src/modules/site-reads/domain/page-tree';

const page = (id: string, path: string, extra: Partial<PageEntry> = {}): PageEntry => ({
  id,
  title: id.toUpperCase(),
  path,
  kind: 'document',
  hidden: false,
  parentId: '',
  order: 0,
  description: '',
  updatedAt: '',
  linkUrl: '',
  emoji: '',
  gitFile: '',
  icon: '',
  ...extra,
});

// intro, group(guides > install, secret(hidden) > deeper), link, outro — parents before children.
const PAGES: PageEntry[] = [
  page('intro', 'intro'),
  page('group', 'group', { kind: 'group' }),
  page('guides', 'guides', { parentId: 'group' }),
  page('install', 'guides/install', { parentId: 'guides' }),
  page('secret', 'guides/secret', { parentId: 'guides', hidden: true }),
  page('deeper', 'guides/secret/deeper', { parentId: 'secret' }),
  page('link', '', { kind: 'link', linkUrl: 'https://example.com/' }),
  page('outro', 'outro'),
];
const tree = new PageTree(PAGES, '/sites/org/docs/');

describe('PageTree', () => {
  it('finds the first readable page at the root and documents by path; groups and links are no page', () => {
    expect(tree.pageAt('')?.id).toBe('intro');
    expect(tree.pageAt('/guides/install/')?.id).toBe('install');
    expect(tree.pageAt('group')).toBeUndefined();
    expect(tree.pageAt('nope')).toBeUndefined();
    // A hidden page is still served at its address (it is only left out of navigation).
    expect(tree.pageAt('guides/secret')?.id).toBe('secret');
  });

  it('gives published addresses: the first page at the site space root, anchors encoded', () => {
    expect(tree.urlOf('intro')).toBe('/sites/org/docs/');
    expect(tree.urlOf('install', 'a b')).toBe('/sites/org/docs/guides/install#a%20b');
    expect(tree.urlOf('group')).toBeUndefined();
    expect(tree.urlOf('unknown')).toBeUndefined();
  });

  it('nests the sidebar, with link targets and hidden flags for the layout', () => {
    const [intro, group, link] = tree.tree();
    expect(intro).toMatchObject({ id: 'intro', url: '/sites/org/docs/' });
    expect(group).toMatchObject({ kind: 'group', id: 'group', pages: [{ id: 'guides', pages: [{ id: 'install' }, { id: 'secret', hidden: true }] }] });
    expect(group).not.toHaveProperty('url');
    expect(link).toMatchObject({ kind: 'link', url: 'https://example.com/' });
  });

  it('reads previous and next in tree order, skipping groups, links and hidden branches', () => {
    const install = tree.pageAt('guides/install')!;
    expect(tree.neighbours(install)).toEqual({
      previous: { title: 'GUIDES', url: '/sites/org/docs/guides' },
      next: { title: 'OUTRO', url: '/sites/org/docs/outro' },
    });
    expect(tree.neighbours(tree.pageAt('')!)).toEqual({ next: { title: 'GUIDES', url: '/sites/org/docs/guides' } });
    expect(tree.neighbours(tree.pageAt('guides/secret/deeper')!)).toEqual({});
  });

  it('lists document ancestors as breadcrumbs, root first', () => {
    expect(tree.breadcrumbs(tree.pageAt('guides/secret/deeper')!)).toEqual([
      { title: 'GUIDES', url: '/sites/org/docs/guides' },
      { title: 'SECRET', url: '/sites/org/docs/guides/secret' },
    ]);
  });
});
