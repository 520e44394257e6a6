import type { ImportedPage } from '../src/import/imported-content';
import { parseSummary } from '../src/import/summary-md';
import { buildZipTree } from '../src/import/zip-tree';

// The table of contents and folder rules the zip importer and Git Sync share.

const LIMITS = { maxItems: 100, maxDepth: 10 };

describe('SUMMARY.md', () => {
  it('ends a group at a thematic break, so that top-level pages can follow one', () => {
    const items = parseSummary('# Table of contents\n\n* [A](a.md)\n\n## Group\n\n* [B](b.md)\n\n---\n\n* [C](c.md)\n  * [D](d.md)\n', LIMITS);
    expect(items.map((i) => [i.title, i.path, i.children.map((c) => c.title)])).toEqual([
      ['A', 'a.md', []],
      ['Group', undefined, ['B']],
      ['C', 'c.md', ['D']],
    ]);
  });

  it('reads backslash escapes as the characters, and markup as no text', () => {
    const items = parseSummary('* [\\[1\\] \\*not bold\\* \\`a\\` C\\#](a.md)\n* [**Bold** `code`](b.md)\n* [*all*](c.md)\n\n## Group \\#2\n', LIMITS);
    expect(items.map((i) => i.title)).toEqual(['[1] *not bold* `a` C#', 'Bold code', 'all', 'Group #2']);
  });
});

describe('the folder tree', () => {
  const outline = (pages: ImportedPage[], depth = 0): string[] => pages.flatMap((p) => [`${'  '.repeat(depth)}${p.source}`, ...outline(p.pages, depth + 1)]);
  const tree = (paths: string[]) => outline(buildZipTree(new Map(paths.map((path) => [path, { markdown: '' }]))));

  it('nests a folder without an index under the page of its name beside it', () => {
    expect(tree(['guide.md', 'guide/install.md', 'guide/setup/README.md', 'other/x.md'])).toEqual([
      'zip:/guide.md',
      '  zip:/guide/install.md',
      '  zip:/guide/setup/README.md',
      'zip:/other/',
      '  zip:/other/x.md',
    ]);
  });

  it('keeps a folder with an index apart from the page of its name', () => {
    expect(tree(['api.md', 'api/README.md', 'api/endpoints.md'])).toEqual(['zip:/api.md', 'zip:/api/README.md', '  zip:/api/endpoints.md']);
  });
});
