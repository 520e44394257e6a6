import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveLimits, ImportedContent, ImportedPage } from '../src/import/imported-content';
import { ImportRefused } from '../src/import/imported-content';
import { readZipContent } from '../src/import/zip-content';

// Fixtures come from test/fixtures/import/make-zips.py; content's import-zip.test.ts fetches them
// through the outbound policy.

const FIXTURES = join(__dirname, '../../../test/fixtures/import/zip');
/** The content service's defaults (CONTENT_IMPORT_MAX_ZIP_ENTRIES, CONTENT_IMPORT_MAX_ZIP_BYTES). */
const LIMITS: ArchiveLimits = { maxZipEntries: 5_000, maxZipBytes: 200 * 1024 * 1024 };
/** The 1x1 PNG that make-zips.py writes. */
const PNG_HEX = '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082';

async function importFixture(name: string, limits: Partial<ArchiveLimits> = {}): Promise<ImportedContent> {
  return readZipContent(await readFile(join(FIXTURES, name)), { ...LIMITS, ...limits });
}

/** The tree as indented titles, to compare shape and order at a glance. */
function outline(pages: ImportedPage[], depth = 0): string[] {
  return pages.flatMap((p) => [`${'  '.repeat(depth)}${p.title}`, ...outline(p.pages, depth + 1)]);
}

function find(pages: ImportedPage[], title: string): ImportedPage {
  const all = (list: ImportedPage[]): ImportedPage[] => list.flatMap((p) => [p, ...all(p.pages)]);
  const page = all(pages).find((p) => p.title === title);
  if (!page) throw new Error(`no page titled ${title}`);
  return page;
}

describe('a zip with a SUMMARY.md', () => {
  let content: ImportedContent;
  beforeAll(async () => {
    content = await importFixture('docs.zip');
  });

  it('orders the tree by SUMMARY.md, a ## section as a group page, then the other entries alphabetically by folder', () => {
    expect(outline(content.pages)).toEqual([
      'Welcome',
      'Getting started',
      '  Install',
      'Reference',
      '  API',
      '    Legacy',
      'Extra',
      '  Not first block',
      '  Notes from frontmatter',
      '  Zz last page',
    ]);
    const reference = find(content.pages, 'Reference');
    expect(reference).toMatchObject({ kind: 'group', markdown: '' });
    const extra = find(content.pages, 'Extra');
    expect(extra).toMatchObject({ markdown: '', source: 'zip:/extra/' });
  });

  it('titles from the summary, the heading, frontmatter or the file name; strips frontmatter and the title heading', () => {
    const welcome = find(content.pages, 'Welcome');
    expect(welcome).toMatchObject({ source: 'zip:/README.md', description: 'Everything about the product.' });
    expect(welcome.markdown).toBe('Start with [getting started](getting-started.md).\n');

    const started = find(content.pages, 'Getting started');
    expect(started.description).toBe('First steps, quoted');
    expect(started.markdown).toBe('Read [the install guide](guides/install.md).\n');

    // The summary says "Install", the file's heading says "Installing": the heading stays in the body.
    const install = find(content.pages, 'Install');
    expect(install.source).toBe('zip:/guides/install.md');
    expect(install.markdown).toMatch(/^# Installing\n\n!\[Logo\]\(\.\.\/images\/logo\.png\)/);
    expect(install.markdown).toContain('# not a heading');

    const notes = find(content.pages, 'Notes from frontmatter');
    expect(notes).toMatchObject({ description: 'Folded description on two lines', markdown: 'Some notes without a heading.\n' });
    // A heading that is not the first block titles the page and stays where it is.
    expect(find(content.pages, 'Not first block').markdown).toBe('Intro line.\n\n# Not first block\n\nBody.\n');
    expect(find(content.pages, 'Zz last page').markdown).toBe('Plain text only.\n');
    expect(find(content.pages, 'Zz last page').description).toBeUndefined();
  });

  it('converts HTML entries and keeps relative links as written', () => {
    const legacy = find(content.pages, 'Legacy');
    expect(legacy.source).toBe('zip:/reference/legacy.html');
    expect(legacy.markdown).toContain('Old **endpoints**.');
    expect(legacy.markdown).toContain('| Verb | Path |');
    expect(legacy.markdown).not.toContain('Home');
    expect(legacy.markdown).not.toContain('Copyright');
    expect(find(content.pages, 'API').markdown).toContain('[manual](../files/manual.pdf)');
  });

  it('imports other entries as files with their bytes and content types, and skips archive litter', () => {
    const png = content.files.find((f) => f.name === 'logo.png');
    expect(content.files.map((f) => [f.source, f.name, f.contentType])).toEqual([
      ['zip:/images/logo.png', 'logo.png', 'image/png'],
      ['zip:/files/manual.pdf', 'manual.pdf', 'application/pdf'],
      ['zip:/.gitbook/assets/diagram.svg', 'diagram.svg', 'image/svg+xml'],
    ]);
    expect(png?.bytes.toString('hex')).toBe(PNG_HEX);
    expect(content.files.find((f) => f.name === 'manual.pdf')?.bytes.toString()).toBe('%PDF-1.4\n%fake\n');
    // The image link of guides/install.md resolves to the file's source.
    expect(new URL('../images/logo.png', find(content.pages, 'Install').source).href).toBe(png?.source);
  });

  it('counts every file entry: pages, files, SUMMARY.md and the skipped ones (folders excluded)', () => {
    expect(content.totalResources).toBe(15);
  });
});

describe('a zip without a SUMMARY.md', () => {
  let content: ImportedContent;
  beforeAll(async () => {
    content = await importFixture('wrapped.zip');
  });

  it('unwraps the single top folder and builds the tree from folders, README first, then alphabetical (numbers as numbers)', () => {
    expect(outline(content.pages)).toEqual([
      'Home',
      'A page',
      'API',
      '  Endpoints',
      'B page',
      'Chapters',
      '  2 two',
      '  10 ten',
      'Emoji 😀',
      'Guides',
      '  Advanced',
      '    Tips',
      '  Setup',
    ]); // images/ holds no page: its logo is a file, not a page
  });

  it('uses index pages as folder pages and gives folders without one an empty page', () => {
    expect(find(content.pages, 'Home')).toMatchObject({ source: 'zip:/README.md', markdown: 'Welcome home.\n', pages: [] });
    expect(find(content.pages, 'Guides')).toMatchObject({ source: 'zip:/guides/index.md', markdown: 'All guides.\n' });
    expect(find(content.pages, 'Advanced')).toMatchObject({ source: 'zip:/guides/advanced/', markdown: '' });
    expect(find(content.pages, 'API')).toMatchObject({ source: 'zip:/api/index.html', markdown: 'Reference.' });
    expect(find(content.pages, 'Endpoints').markdown).toBe('List.');
    expect(find(content.pages, 'Emoji 😀')).toMatchObject({ source: 'zip:/emoji-%F0%9F%98%80.md', markdown: '' });
    expect(find(content.pages, 'Setup').markdown).toBe('![Logo](../images/logo.png)\n');
  });

  it('keeps files under their unwrapped path', () => {
    expect(content.files.map((f) => f.source)).toEqual(['zip:/images/logo.png']);
    expect(content.totalResources).toBe(14);
  });
});

describe('a zip whose SUMMARY.md has groups and external links', () => {
  it('reads them as Git Sync does: group and link pages, not empty documents', async () => {
    const content = await importFixture('summary-groups.zip');
    const kinds = (pages: ImportedPage[], depth = 0): string[] =>
      pages.flatMap((p) => [`${'  '.repeat(depth)}${p.kind ?? 'document'}:${p.title}${p.href ? ` ${p.href}` : ''}`, ...kinds(p.pages, depth + 1)]);
    expect(kinds(content.pages)).toEqual([
      'document:Welcome',
      'group:Guides',
      '  document:Install',
      '    document:Linux',
      '  link:GitBook https://www.gitbook.com',
      'group:Reference',
      '  document:API',
      '  document:Missing page',
    ]);
    expect(find(content.pages, 'Missing page').isPlaceholder).toBe(true);
    expect(content.totalResources).toBe(6);
  });
});

describe('a zip of an mdBook', () => {
  it('reads src/SUMMARY.md: prefix and suffix chapters, # parts, tab-nested items, drafts, folder links', async () => {
    const content = await importFixture('mdbook.zip');
    expect(outline(content.pages)).toEqual(
      ['Introduction', 'Part one', '  Chapter 1', '    Sub chapter', '  Draft chapter', '  Guides', 'Contributors', 'Book.toml'].slice(0, 7),
    );
    expect(find(content.pages, 'Introduction')).toMatchObject({ source: 'zip:/src/README.md', markdown: 'Hello.\r\n' });
    expect(find(content.pages, 'Chapter 1')).toMatchObject({ source: 'zip:/src/chapter_1.md', markdown: 'One.\n' });
    expect(find(content.pages, 'Part one').kind).toBe('group');
    expect(find(content.pages, 'Draft chapter')).toMatchObject({ markdown: '', pages: [], isPlaceholder: true });
    expect(find(content.pages, 'Guides').source).toBe('zip:/src/guides/README.md');
    expect(content.files.map((f) => [f.name, f.contentType])).toEqual([['book.toml', 'application/octet-stream']]);
  });
});

describe('hostile archives', () => {
  it('handles astral, bidi and very long entry names and empty entries', async () => {
    const content = await importFixture('names.zip');
    expect(outline(content.pages)).toEqual(['🚀 Launch 𐍈', 'Empty', 'N'.padEnd(1000, 'n'), 'Weird']);
    expect(find(content.pages, 'Empty').markdown).toBe('');
  });

  const refusals: [string, Partial<ArchiveLimits>, RegExp][] = [
    ['traversal.zip', {}, /the zip entry "\.\.\/evil\.md" escapes the archive's root/],
    ['backslash.zip', {}, /the zip entry "docs\\\\\.\.\\\\\.\.\\\\evil\.md" escapes the archive's root/],
    ['absolute.zip', {}, /the zip entry "\/etc\/evil\.md" has an absolute path/],
    ['drive.zip', {}, /the zip entry "C:\\\\evil\.md" has an absolute path/],
    ['symlink.zip', {}, /the zip entry "secrets\.md" is a symbolic link/],
    ['encrypted.zip', {}, /the zip entry "README\.md" is encrypted/],
    ['nul-name.zip', {}, /the zip entry "evil\\u0000name\.md" has control characters in its name/],
    ['many.zip', { maxZipEntries: 20 }, /the zip has 30 entries, more than the limit of 20/],
    ['bomb.zip', { maxZipBytes: 5 * 1024 * 1024 }, /the zip entry "zeros\.md" takes the archive past the limit of 5242880 uncompressed bytes/],
    ['bomb-lying.zip', { maxZipBytes: 5 * 1024 * 1024 }, /the zip entry "zeros\.md" does not inflate to the size it declares/],
    ['not-a-zip.zip', {}, /the file is not a zip archive/],
    ['deep-html.zip', {}, /the zip entry "index\.html" nests HTML elements more than 500 deep/],
    ['deep-folders.zip', {}, /the zip entry "d\/d\/.*\/page\.md" is nested more than 32 folders deep/],
    ['huge-summary.zip', { maxZipEntries: 50 }, /SUMMARY\.md lists more than 50 entries/],
  ];

  it.each(refusals)('refuses %s with its reason and returns nothing', async (name, limits, reason) => {
    const outcome = await importFixture(name, limits).then(
      (content) => ({ content }),
      (error: unknown) => ({ error }),
    );
    expect(outcome).not.toHaveProperty('content');
    expect((outcome as { error: unknown }).error).toBeInstanceOf(ImportRefused);
    expect((outcome as { error: Error }).error.message).toMatch(reason);
  });

  it('parses lines built to make regular expressions backtrack in linear time', async () => {
    const started = Date.now();
    const content = await importFixture('pathological.zip');
    expect(Date.now() - started).toBeLessThan(5_000);
    // Titles compared by shape: jest's diff of two 300,000-character strings takes minutes.
    const titles = content.pages.map((p) => p.title);
    expect(titles.map((t) => t.length)).toEqual([1, 300_002, 300_002]);
    expect([titles[0], titles[1]?.at(0), titles[1]?.at(-1), titles[2]?.at(0), titles[2]?.at(-1)]).toEqual(['x', 'a', 'b', 'x', 'y']);
  });

  it('never throws anything but ImportRefused on damaged archives', async () => {
    const original = await readFile(join(FIXTURES, 'docs.zip'));
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    let imported = 0;
    for (let run = 0; run < 300; run++) {
      const damaged = Buffer.from(original);
      if (run % 3 === 0) damaged.subarray(random(damaged.length)).fill(0);
      for (let flips = 1 + random(8); flips > 0; flips--) damaged[random(damaged.length)] = random(256);
      try {
        await readZipContent(damaged, { ...LIMITS, maxZipBytes: 1024 * 1024 });
        imported++;
      } catch (err) {
        if (!(err instanceof ImportRefused)) throw err;
      }
    }
    expect(imported).toBeLessThan(300);
  });

  it('imports the same 20 MB entry under a limit above its size', async () => {
    const content = await importFixture('bomb.zip', { maxZipBytes: 21 * 1024 * 1024 });
    expect(content.totalResources).toBe(2);
  });

  it('refuses a zip without any page', async () => {
    await expect(importFixture('files-only.zip')).rejects.toThrow(new ImportRefused('the zip holds no page (no .md, .markdown, .html or .htm entry)'));
  });
});
