import type { ImportedPage } from '../src/import/imported-content';
import { pageTreeFromPaths } from '../src/import/page-tree';
import { commonTitleSuffix, withoutSuffix } from '../src/import/site-title';
import { websitePages } from '../src/import/website-pages';

// A crawled site's pages (the website import's conversion, the crawl aside): titles without the
// site's name, and the tree from the URL paths.

type Shape = string | [string, Shape[]];
const shape = (pages: ImportedPage[]): Shape[] => pages.map((p) => (p.pages.length ? [p.title, shape(p.pages)] : p.title));

describe('websitePages', () => {
  it('converts each page, strips the common title suffix and the repeated heading, and nests by path', () => {
    const html = (title: string, body: string) =>
      `<html><head><title>${title} | Acme Docs</title></head><body><nav>menu</nav><main>${body}</main></body></html>`;
    const { pages, tree } = websitePages(
      [
        { url: 'https://x.test/docs/', html: html('Welcome', '<h1>Welcome</h1><p>Start here.</p>') },
        { url: 'https://x.test/docs/guide', html: html('Guide', '<p>Guide text.</p>') },
        { url: 'https://x.test/docs/guide/install', html: html('Install', '<h2>Steps</h2>') },
      ],
      '/docs/',
    );
    expect(pages.map((p) => [p.title, p.markdown, p.source])).toEqual([
      ['Welcome', 'Start here.', 'https://x.test/docs/'],
      ['Guide', 'Guide text.', 'https://x.test/docs/guide'],
      ['Install', '## Steps', 'https://x.test/docs/guide/install'],
    ]);
    expect(shape(tree)).toEqual(['Welcome', ['Guide', ['Install']]]);
  });
});

describe('commonTitleSuffix', () => {
  it('finds the site name most pages end with, and strips it only where it leaves a title', () => {
    const titles = ['Install | Guide | Acme', 'Config | Guide | Acme', 'FAQ | Acme', 'Acme', 'Pricing — Acme'];
    const suffix = commonTitleSuffix(titles);
    expect(suffix).toBe(' | Acme');
    expect(titles.map((t) => withoutSuffix(t, suffix))).toEqual(['Install | Guide', 'Config | Guide', 'FAQ', 'Acme', 'Pricing — Acme']);
    expect(commonTitleSuffix(['One - A', 'Two - B', 'Three - C'])).toBeUndefined();
    expect(commonTitleSuffix(['Solo | Site'])).toBeUndefined();
    expect(withoutSuffix(' | Acme', ' | Acme')).toBe(' | Acme');
  });
});

describe('pageTreeFromPaths', () => {
  const page = (title: string) => ({ title, markdown: '', source: `https://x.test/${title}`, pages: [] as ImportedPage[] });
  const at = (path: string, title: string) => ({ url: new URL(`https://x.test${path}`), page: page(title) });

  it('nests by path under the nearest crawled ancestor; a start page that is not its directory index can parent', () => {
    const tree = pageTreeFromPaths(
      [
        at('/docs/guide.html', 'Guide'),
        at('/docs/guide/install.html', 'Install'),
        at('/docs/other/', 'Other'),
        at('/docs/other/a/b/c', 'C'),
        at('/docs/x', 'X'),
      ],
      '/docs/',
    );
    expect(shape(tree)).toEqual([['Guide', ['Install']], ['Other', ['C']], 'X']);
  });

  it('keeps the site root start page childless and first', () => {
    expect(shape(pageTreeFromPaths([at('/', 'Home'), at('/a', 'A'), at('/a/b/', 'B')], '/'))).toEqual(['Home', ['A', ['B']]]);
    expect(pageTreeFromPaths([], '/')).toEqual([]);
  });
});
