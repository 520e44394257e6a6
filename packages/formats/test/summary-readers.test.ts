import type { GitLayoutPage } from '../src/git/git-layout';
import { readGitLayout } from '../src/git/read-git-layout';
import type { ImportedPage } from '../src/import/imported-content';
import { readSummary, type SummaryPage } from '../src/import/summary-md';
import { buildZipTree } from '../src/import/zip-tree';

// One SUMMARY.md reader for zip import and Git Sync. Each fixture goes through the pure
// reader (readSummary), the zip import's tree (buildZipTree) and the Git Sync layout reader
// (readGitLayout), which must all give the same pages: groups, link pages, nesting, escapes.

interface Fixture {
  name: string;
  summary: string;
  /** The markdown files beside SUMMARY.md (every one listed, so that no reader adds unlisted ones). */
  files: string[];
  /** `kind:title [file|href]`, children indented. */
  expected: string[];
}

const FIXTURES: Fixture[] = [
  {
    name: 'groups and external links (GitBook)',
    summary: [
      '# Table of contents',
      '',
      '* [Welcome](README.md)',
      '',
      '## Guides',
      '',
      '* [Install](guides/install.md)',
      '  * [Linux](guides/linux.md)',
      '* [GitBook](https://www.gitbook.com)',
      '',
      '---',
      '',
      '* [After the group](after.md)',
    ].join('\n'),
    files: ['README.md', 'guides/install.md', 'guides/linux.md', 'after.md'],
    expected: [
      'document:Welcome README.md',
      'group:Guides',
      '  document:Install guides/install.md',
      '    document:Linux guides/linux.md',
      '  link:GitBook https://www.gitbook.com',
      'document:After the group after.md',
    ],
  },
  {
    name: 'a link page’s nested entries follow it; mdBook parts are groups',
    summary: [
      '# Summary',
      '',
      '[Intro](README.md)',
      '',
      '# Part one',
      '',
      '- [Docs site](<https://example.com/a b>)',
      '  - [Nested](nested.md)',
      '- [Deep](a.md)',
      '\t- [Deeper](a/b.md)',
      '\t\t- [Deepest](a/b/c.md)',
    ].join('\n'),
    files: ['README.md', 'nested.md', 'a.md', 'a/b.md', 'a/b/c.md'],
    expected: [
      'document:Intro README.md',
      'group:Part one',
      '  link:Docs site https://example.com/a b',
      '  document:Nested nested.md',
      '  document:Deep a.md',
      '    document:Deeper a/b.md',
      '      document:Deepest a/b/c.md',
    ],
  },
  {
    name: 'escapes, %-encoded and spaced paths, anchors, folders, case, repeats, drafts and missing files',
    summary: [
      '* [\\[1\\] C\\# **bold**](<with space.md>)',
      '* [Café](caf%C3%A9.md#top)',
      '* [Guide folder](guide/)',
      '* [Shouting](Docs/LOUD.MD)',
      '* [Again](<with space.md>)',
      '  * [Kept child](kept.md)',
      '* [Draft]()',
      '* Plain text',
      '* [Missing](nowhere.md)',
      '* [Script](javascript:alert)',
    ].join('\n'),
    files: ['with space.md', 'café.md', 'guide/README.md', 'docs/loud.md', 'kept.md'],
    expected: [
      'document:[1] C# bold with space.md',
      'document:Café café.md',
      'document:Guide folder guide/README.md',
      'document:Shouting docs/loud.md',
      'document:Kept child kept.md',
      'document:Draft',
      'document:Plain text',
      'document:Missing',
      'document:Script',
    ],
  },
];

const LIMITS = { maxItems: 100, maxDepth: 10 };

function outline<T>(pages: T[], line: (page: T) => string, children: (page: T) => T[], depth = 0): string[] {
  return pages.flatMap((p) => [`${'  '.repeat(depth)}${line(p)}`, ...outline(children(p), line, children, depth + 1)]);
}

const where = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

describe.each(FIXTURES)('SUMMARY.md: $name', ({ summary, files, expected }) => {
  it('the pure reader', () => {
    const pages = readSummary({ path: 'SUMMARY.md', text: summary }, new Set(files), LIMITS);
    expect(
      outline<SummaryPage>(
        pages,
        (p) => where(`${p.kind}:${p.title}`, p.file, p.href),
        (p) => p.children,
      ),
    ).toEqual(expected);
  });

  it('the zip import’s tree', () => {
    const contents = new Map(files.map((file) => [file, { markdown: 'Body.\n' }]));
    const pages = buildZipTree(contents, { pages: readSummary({ path: 'SUMMARY.md', text: summary }, new Set(files), LIMITS), path: 'SUMMARY.md' });
    const file = (p: ImportedPage) => (p.kind || p.isPlaceholder ? undefined : decodeURI(p.source.replace(/^zip:\//, '')));
    expect(
      outline<ImportedPage>(
        pages,
        (p) => where(`${p.kind ?? 'document'}:${p.title}`, file(p), p.href),
        (p) => p.pages,
      ),
    ).toEqual(expected);
    // A page listed with a file has its body; group and link pages have none.
    expect(pages.find((p) => p.kind === undefined && !p.isPlaceholder)?.markdown).toBe('Body.\n');
  });

  it('the Git Sync layout reader', () => {
    const repo = [{ path: 'SUMMARY.md', bytes: Buffer.from(summary) }, ...files.map((path) => ({ path, bytes: Buffer.from('Body.\n') }))];
    const { pages } = readGitLayout(repo, { limits: { maxPages: 100 } });
    expect(
      outline<GitLayoutPage>(
        pages,
        (p) => where(`${p.kind}:${p.title}`, p.file, p.href),
        (p) => p.children,
      ),
    ).toEqual(expected);
  });
});
