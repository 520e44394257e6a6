import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import type { FrontMatterLayout, GitLayoutContent, GitLayoutFile, GitLayoutPage, RepoFile } from '../src/git/git-layout';
import { readGitLayout } from '../src/git/read-git-layout';
import { writeGitLayout } from '../src/git/write-git-layout';
import { ImportRefused } from '../src/import/imported-content';
import { splitFrontMatter } from '../src/import/markdown-page';
import { rewriteTargets } from '../src/markdown/link-targets';
import { ASSETS_DIR, assetFile, isUrl, pageFile, pagePathOf, relativeTarget, resolveRelative } from '../src/markdown/revision-paths';
import { slugify, uniqueSlug } from '../src/markdown/slugs';
import { fileNameProblem } from '../src/names/file-name';

// Git Sync's repository layout (GitBook's): real-world layouts read as GitBook reads them, and
// whatever Quire writes reads back as the same content, bodies and their links included.

const FIXTURES = join(__dirname, 'fixtures/git');
const LIMITS = { maxPages: 5_000 };

/** A fixture folder as the repository files the git transport hands over. */
function fixture(name: string): RepoFile[] {
  const files: RepoFile[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else files.push({ path, bytes: readFileSync(join(dir, entry.name)) });
    }
  };
  walk(join(FIXTURES, name), '');
  return files;
}

/** The tree as indented `title (slug) file`, to compare shape and order at a glance. */
function outline(pages: GitLayoutPage[], depth = 0): string[] {
  return pages.flatMap((p) => [
    `${'  '.repeat(depth)}${p.kind === 'document' ? '' : `${p.kind}: `}${p.title} (${p.slug})${p.file ? ` ${p.file}` : ''}${p.href ? ` ${p.href}` : ''}`,
    ...outline(p.children, depth + 1),
  ]);
}

function find(pages: GitLayoutPage[], title: string): GitLayoutPage {
  const all = (list: GitLayoutPage[]): GitLayoutPage[] => list.flatMap((p) => [p, ...all(p.children)]);
  const page = all(pages).find((p) => p.title === title);
  if (!page) throw new Error(`no page titled ${title}`);
  return page;
}

const text = (path: string, body: string): RepoFile => ({ path, bytes: Buffer.from(body) });

describe('a GitBook repository', () => {
  const content = readGitLayout(fixture('gitbook'), { limits: LIMITS });

  it('reads the tree from SUMMARY.md: README.md first, folders by their README, ## groups, link pages; unlisted files are no pages', () => {
    expect(outline(content.pages)).toEqual([
      'Introduction (introduction) README.md',
      'Guide (guide) guide/README.md',
      '  Install (install) guide/install.md',
      'group: Reference (reference)',
      '  API reference (api) reference/api.md',
      '  link: GitHub (github) https://github.com/quire/quire',
    ]);
  });

  it('takes titles from the heading, and description, emoji, icon, hidden and layout from front matter', () => {
    expect(find(content.pages, 'Introduction')).toMatchObject({ description: 'Everything about Quire.' });
    const guide = find(content.pages, 'Guide');
    expect(guide).toMatchObject({ description: 'How to run Quire, step by step.', emoji: '🧭' });
    expect(guide.layout).toEqual({
      width: 'wide',
      cover: false,
      coverSize: 'hero',
      title: true,
      description: false,
      tableOfContents: true,
      outline: true,
      pagination: false,
    } satisfies FrontMatterLayout);
    // `icon:` is an emoji or else a Font Awesome name, kept as written (content checks it).
    const api = find(content.pages, 'API reference');
    expect(api).toMatchObject({ hidden: true, icon: 'book-open' });
    expect(api).not.toHaveProperty('emoji');
    expect(guide).not.toHaveProperty('icon');
  });

  it('rewrites links to hold from each page’s own file in Quire’s layout, keeping those already written that way', () => {
    // README.md is `introduction.md`, guide/README.md is `guide.md`, reference/api.md is `api.md` (a group is no folder).
    expect(find(content.pages, 'Introduction').markdown).toBe(
      'Start with [installing](guide/install.md) or read [the guide](guide.md).\n\n![Logo](.gitbook/assets/My%20Image.png)\n',
    );
    expect(find(content.pages, 'Guide').markdown).toBe(
      [
        'First [install](guide/install.md), then go back [home](introduction.md).',
        '',
        '<img src=".gitbook/assets/My%20Image.png" alt="logo">',
        '',
        '![Same logo](.gitbook/assets/My%20Image.png)',
        '',
      ].join('\n'),
    );
    expect(find(content.pages, 'Install').markdown).toBe(
      [
        'Back to [the guide](../guide.md) or [home](../introduction.md#welcome). See the [API](../api.md "the API").',
        '',
        '```',
        '[not a link](../README.md)',
        '```',
        '',
        '{% content-ref url="../api.md" %}',
        '[api.md](../api.md)',
        '{% endcontent-ref %}',
        '',
        'External: [GitBook](https://gitbook.com), [anchor](#steps), [missing](nowhere.md).',
        '',
      ].join('\n'),
    );
  });

  it('keeps .gitbook/assets with their names (spaces too), and no file nothing links to', () => {
    expect(content.files.map((f) => [f.path, f.name, f.contentType, f.bytes.toString('latin1').slice(-9)])).toEqual([
      ['.gitbook/assets/My Image.png', 'My Image.png', 'image/png', '-my-image'],
    ]);
    expect(content.redirects).toEqual({});
  });
});

describe('.gitbook.yaml', () => {
  it('reads the content under root, with its own readme and summary, and its redirects', () => {
    const content = readGitLayout(fixture('docs-root'), { limits: LIMITS });
    expect(outline(content.pages)).toEqual([
      'Start here (start) docs/product/start.md',
      'Guide (guide) docs/product/guide.md',
      '  Set up (setup) docs/product/guide/setup.md',
      '日本語のページ (naive) docs/product/naive.md',
    ]);
    expect(content.root).toBe('docs');
    expect(content.redirects).toEqual({ help: 'product/guide.md', 'old/setup': 'product/guide/setup.md' });
    // The content's files were in product/: they now hold from the root of Quire's layout.
    expect(find(content.pages, 'Start here').markdown).toBe(
      'Read the [guide](guide.md), then [set up](guide/setup.md). ![diagram](.gitbook/assets/diagram.svg)\n',
    );
    expect(find(content.pages, 'Set up').markdown).toBe('Back to [the guide](../guide.md); the [Japanese page](../naive.md#節).\n');
    expect(find(content.pages, '日本語のページ').markdown).toBe('Über [start](start.md).\n');
    expect(content.files.map((f) => f.path)).toEqual(['docs/.gitbook/assets/diagram.svg']);
  });

  it('reads a monorepo’s project directory only, and never reaches outside its root', () => {
    const content = readGitLayout(fixture('monorepo'), { projectDirectory: 'packages/handbook', limits: LIMITS });
    expect(outline(content.pages)).toEqual([
      'Handbook (handbook) packages/handbook/pages/README.md',
      'Holidays (holidays) packages/handbook/pages/holidays.md',
    ]);
    // `../` from the root stays at the root, as a browser's URL does: the logo is the root's own.
    expect(content.files.map((f) => [f.path, f.bytes.toString()])).toEqual([['packages/handbook/pages/.gitbook/assets/logo.png', 'png']]);
    expect(find(content.pages, 'Handbook').markdown).toBe('See [holidays](holidays.md) and the ![logo](.gitbook/assets/logo.png) outside the root.\n');
    expect(find(content.pages, 'Holidays').markdown).toBe('Back to the [handbook](handbook.md).\n');
  });

  it('refuses YAML that does not parse, and paths that leave the repository', () => {
    const refusals: [RepoFile[], string | undefined, RegExp][] = [
      [[text('.gitbook.yaml', 'root: [docs\nstructure: x')], undefined, /^\.gitbook\.yaml is not valid YAML: /],
      [[text('.gitbook.yaml', '- a\n- b')], undefined, /\.gitbook\.yaml must be a YAML mapping/],
      [[text('.gitbook.yaml', 'root: ../../etc')], undefined, /\.gitbook\.yaml: root "\.\.\/\.\.\/etc" is not a path inside the repository/],
      [[text('.gitbook.yaml', 'structure:\n  summary: ../SUMMARY.md')], undefined, /structure\.summary "\.\.\/SUMMARY\.md" is not a path inside/],
      [[text('.gitbook.yaml', 'structure: 3')], undefined, /structure must be a mapping/],
      [
        [text('.gitbook.yaml', 'a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]')],
        undefined,
        /not valid YAML/,
      ],
      [[text('README.md', '# R')], '../elsewhere', /the project directory "\.\.\/elsewhere" is not a path inside/],
      [[text('guide.md', '---\ndescription: [unclosed\n---\n# Guide\n')], undefined, /^guide\.md is not valid YAML: /],
    ];
    for (const [files, projectDirectory, reason] of refusals) {
      expect(() => readGitLayout(files, { projectDirectory, limits: LIMITS })).toThrow(ImportRefused);
      expect(() => readGitLayout(files, { projectDirectory, limits: LIMITS })).toThrow(reason);
    }
  });
});

describe('a repository without SUMMARY.md', () => {
  const content = readGitLayout(fixture('folders'), { limits: LIMITS });

  it('builds the tree from the folders as the zip import does; a folder beside a page of its name holds that page’s children', () => {
    expect(outline(content.pages)).toEqual([
      'Home (home) README.md',
      'API (api) api/index.md',
      '  Endpoints (endpoints) api/endpoints.md',
      'Chapters (chapters)',
      '  Two (2-two) chapters/2-two.md',
      '  Ten (10-ten) chapters/10-ten.md',
      'Guide (guide) guide.md',
      '  Install (install) guide/install.md',
      'Über uns (uber-uns) Über uns.md',
    ]);
  });

  it('rewrites links to folder pages, renamed files and files outside .gitbook/assets, which are kept', () => {
    expect(find(content.pages, 'Home').markdown).toBe(
      'Pages: [guide](guide.md), [install](guide/install.md), [API](api.md), [ten](chapters/10-ten.md), [Über uns](uber-uns.md).\n',
    );
    expect(find(content.pages, 'Install').markdown).toBe('![logo](../.gitbook/assets/logo.png) and [back](../guide.md).\n');
    expect(find(content.pages, 'Endpoints').markdown).toBe('Up: [API](../api.md).\n');
    expect(content.files.map((f) => [f.path, f.name])).toEqual([['images/logo.png', 'logo.png']]);
  });
});

describe('writing', () => {
  it('writes GitBook’s layout: README.md first, <slug>/README.md for a page with children, SUMMARY.md with groups and links, .gitbook/assets', () => {
    const files = writeGitLayout(readGitLayout(fixture('gitbook'), { limits: LIMITS }), { projectDirectory: 'site' });
    expect(files.map((f) => f.path)).toEqual([
      'site/.gitbook.yaml',
      'site/SUMMARY.md',
      'site/README.md',
      'site/guide/README.md',
      'site/guide/install.md',
      'site/api.md',
      'site/.gitbook/assets/My Image.png',
    ]);
    const written = (path: string) => files.find((f) => f.path === path)?.bytes.toString();
    expect(written('site/.gitbook.yaml')).toBe('structure:\n  readme: README.md\n  summary: SUMMARY.md\n');
    expect(written('site/SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [Introduction](README.md)',
        '* [Guide](guide/README.md)',
        '  * [Install](guide/install.md)',
        '',
        '## Reference',
        '',
        '* [API reference](api.md)',
        '* [GitHub](https://github.com/quire/quire)',
        '',
      ].join('\n'),
    );
    expect(written('site/api.md')).toBe('---\nicon: book-open\nhidden: true\n---\n\n# API reference\n\nThe [install page](guide/install.md).\n');
    // Links to and from the pages written as README.md hold from where they are.
    expect(written('site/README.md')).toContain('Start with [installing](guide/install.md) or read [the guide](guide/README.md).');
    expect(written('site/guide/README.md')).toContain('First [install](install.md), then go back [home](../README.md).');
    expect(written('site/guide/install.md')?.startsWith('# Install\n\nBack to [the guide](README.md) or [home](../README.md#welcome).')).toBe(true);
  });

  it('keeps the first page’s slug in README.md’s front matter when its title gives another, and moves a page to <slug>/README.md once it has children', () => {
    const leaf: GitLayoutPage = { kind: 'document', title: 'Linux', slug: 'linux', markdown: 'Back [up](../install.md).\n', children: [] };
    const install: GitLayoutPage = { kind: 'document', title: 'Install', slug: 'install', markdown: 'Home: [start](welcome.md).\n', children: [] };
    const home: GitLayoutPage = { kind: 'document', title: 'Welcome to Quire', slug: 'welcome', markdown: 'Go [install](install.md).\n', children: [] };
    const before = writeGitLayout({ pages: [home, install], files: [], redirects: {} });
    expect(before.map((f) => f.path)).toEqual(['.gitbook.yaml', 'SUMMARY.md', 'README.md', 'install.md']);
    expect(before[2]?.bytes.toString()).toBe('---\nslug: welcome\n---\n\n# Welcome to Quire\n\nGo [install](install.md).\n');
    expect(before[3]?.bytes.toString()).toBe('# Install\n\nHome: [start](README.md).\n');
    const after = writeGitLayout({ pages: [home, { ...install, children: [leaf] }], files: [], redirects: {} });
    expect(after.map((f) => f.path)).toEqual(['.gitbook.yaml', 'SUMMARY.md', 'README.md', 'install/README.md', 'install/linux.md']);
    expect(after[2]?.bytes.toString()).toContain('Go [install](install/README.md).');
    expect(after[3]?.bytes.toString()).toBe('# Install\n\nHome: [start](../README.md).\n');
    expect(after[4]?.bytes.toString()).toBe('# Linux\n\nBack [up](README.md).\n');
    const read = readGitLayout(after, { limits: LIMITS });
    expect(outline(read.pages)).toEqual(['Welcome to Quire (welcome) README.md', 'Install (install) install/README.md', '  Linux (linux) install/linux.md']);
    expect([read.pages[0]?.markdown, read.pages[1]?.markdown, read.pages[1]?.children[0]?.markdown]).toEqual([home.markdown, install.markdown, leaf.markdown]);
  });

  it('reads a repository Quire exported in its earlier layout: the first page named in .gitbook.yaml, install.md beside install/linux.md', () => {
    const files = [
      text('.gitbook.yaml', 'structure:\n  readme: git-home-x1.md\n  summary: SUMMARY.md\n'),
      text('SUMMARY.md', '# Table of contents\n\n* [Home](git-home-x1.md)\n* [Install](install.md)\n  * [Linux](install/linux.md)\n'),
      text('git-home-x1.md', '# Home\n\nGo [install](install.md).\n'),
      text('install.md', '# Install\n\nSee [Linux](install/linux.md).\n'),
      text('install/linux.md', '# Linux\n\nBack [up](../install.md).\n'),
    ];
    const read = readGitLayout(files, { limits: LIMITS });
    expect(outline(read.pages)).toEqual(['Home (git-home-x1) git-home-x1.md', 'Install (install) install.md', '  Linux (linux) install/linux.md']);
    expect(read.pages[1]?.markdown).toBe('See [Linux](install/linux.md).\n');
    // Written again, it takes GitBook's layout.
    expect(writeGitLayout(read).map((f) => f.path)).toEqual(['.gitbook.yaml', 'SUMMARY.md', 'README.md', 'install/README.md', 'install/linux.md']);
  });

  it('writes a page whose title a heading cannot hold with the title in front matter', () => {
    const page: GitLayoutPage = { kind: 'document', title: 'C #', slug: 'c', markdown: '# Body heading\n', children: [] };
    const [, , file] = writeGitLayout({ pages: [page], files: [], redirects: {} });
    expect(file?.bytes.toString()).toBe('---\ntitle: "C #"\n---\n# Body heading\n');
    expect(readGitLayout(writeGitLayout({ pages: [page], files: [], redirects: {} }), { limits: LIMITS }).pages[0]).toMatchObject({
      title: 'C #',
      markdown: '# Body heading\n',
    });
  });

  it('round-trips pages named like the layout’s own files (summary, readme, index)', () => {
    const pages: GitLayoutPage[] = ['home', 'summary', 'readme', 'index'].map((slug) => ({
      kind: 'document',
      title: slug.toUpperCase(),
      slug,
      markdown: `[${slug}](${slug}.md)`,
      children: [],
    }));
    const files = writeGitLayout({ pages, files: [], redirects: {} });
    // A case-insensitive checkout would take summary.md for SUMMARY.md.
    expect(files.map((f) => f.path)).toEqual(['.gitbook.yaml', 'SUMMARY-1.md', 'README.md', 'summary.md', 'readme.md', 'index.md']);
    expect(readGitLayout(files, { limits: LIMITS }).pages).toEqual(pages.map((p, i) => ({ ...p, file: i === 0 ? 'README.md' : `${p.slug}.md` })));
  });

  it('reads front matter `title` over a heading, and drops a heading that repeats it', () => {
    const files = [text('a.md', '---\ntitle: Alpha\n---\n\n# Alpha\n\nBody.'), text('b.md', '---\ntitle: Beta\n---\n# Other\n')];
    expect(readGitLayout(files, { limits: LIMITS }).pages.map((p) => [p.title, p.markdown])).toEqual([
      ['Alpha', 'Body.'],
      ['Beta', '# Other\n'],
    ]);
  });

  it('writes two pages of one path (in two groups) to two files: the second reads back with a -1 slug', () => {
    const doc = (title: string): GitLayoutPage => ({ kind: 'document', title, slug: 'intro', markdown: '', children: [] });
    const group = (title: string, child: GitLayoutPage): GitLayoutPage => ({ kind: 'group', title, slug: slugify(title), children: [child] });
    const files = writeGitLayout({ pages: [group('One', doc('First')), group('Two', doc('Second'))], files: [], redirects: {} });
    expect(files.map((f) => f.path)).toEqual(['.gitbook.yaml', 'SUMMARY.md', 'README.md', 'intro-1.md']);
    expect(outline(readGitLayout(files, { limits: LIMITS }).pages)).toEqual([
      'group: One (one)',
      '  First (intro) README.md',
      'group: Two (two)',
      '  Second (intro-1) intro-1.md',
    ]);
  });
});

// Random content: titles of any script and markdown punctuation, slugs apart from the titles,
// groups, links, hidden pages, front matter, bodies linking to pages and files by relative paths.

/** A title Quire stores (trimmed, never empty, no NUL); groups' and links' live in SUMMARY.md, on one line. */
const title = (isOneLine: boolean) =>
  fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }),
      fc.constantFrom(
        'Über uns',
        '日本語',
        'C# and F#',
        'a #',
        '**bold**',
        '`code`',
        '_x_',
        '[x]',
        '# hash',
        '\\',
        '---',
        '* * *',
        '1. one',
        'a\u2028b',
        'two\nlines',
        '🚀 Launch',
      ),
    )
    .map((t) => (isOneLine ? t.replace(/[\r\n\u2028\u2029]+/g, ' ') : t).replace(/\0/g, '').trim())
    // The relocation below rewrites links wherever they are: no title or description holds one.
    .filter((t) => t.length > 0 && !/\]\(|href|src|url=/.test(t));

const layout: fc.Arbitrary<FrontMatterLayout> = fc
  .record(
    {
      width: fc.constantFrom('default', 'wide'),
      cover: fc.boolean(),
      coverSize: fc.constantFrom('hero', 'full'),
      title: fc.boolean(),
      description: fc.boolean(),
      tableOfContents: fc.boolean(),
      outline: fc.boolean(),
      pagination: fc.boolean(),
      metadata: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  .filter((l) => Object.keys(l).length > 0);

/** A piece of a body; links are resolved once every page has its path. */
type Piece = { text: string } | { page: number; anchor: string } | { file: number; isImage: boolean } | { url: string } | { broken: string };

const piece: fc.Arbitrary<Piece> = fc.oneof(
  fc.record({ text: fc.string({ unit: 'grapheme', maxLength: 30 }).map((t) => t.replace(/\0/g, '')) }),
  fc.record({ page: fc.nat(), anchor: fc.constantFrom('', '#top', '#r%C3%A9sum%C3%A9') }),
  fc.record({ file: fc.nat(), isImage: fc.boolean() }),
  fc.record({ url: fc.constantFrom('https://example.com/a?b=1#c', 'mailto:x@example.com', '#local') }),
  fc.record({ broken: fc.constantFrom('missing.md', '../../nowhere.md', 'folder/') }),
);

interface PageDraft {
  kind: GitLayoutPage['kind'];
  title: string;
  slug?: string;
  fields: Pick<GitLayoutPage, 'description' | 'emoji' | 'hidden' | 'layout'>;
  href?: string;
  body: Piece[];
  children: PageDraft[];
}

const fields = fc.record(
  {
    description: title(false),
    emoji: fc.constantFrom('🚀', '👨‍👩‍👧', '🇫🇷', '1️⃣', '❤️'),
    hidden: fc.constant(true as const),
    layout,
  },
  { requiredKeys: [] },
);
const slug = fc.option(fc.stringMatching(/^[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}$/), { nil: undefined });
const link: fc.Arbitrary<PageDraft> = fc.record({
  kind: fc.constant('link' as const),
  title: title(true),
  fields: fc.constant({}),
  href: fc.constantFrom('https://example.com', 'https://en.wikipedia.org/wiki/Foo_(bar)', 'https://example.com/a b', 'mailto:team@example.com'),
  body: fc.constant<Piece[]>([]),
  children: fc.constant<PageDraft[]>([]),
});
/** Documents nest three levels deep at most (deeper trees add nothing but run time). */
const documentAt = (depth: number): fc.Arbitrary<PageDraft> =>
  fc.record({
    kind: fc.constant('document' as const),
    title: title(false),
    slug,
    fields,
    body: fc.array(piece, { maxLength: 6 }),
    children: depth >= 3 ? fc.constant<PageDraft[]>([]) : fc.array(childAt(depth + 1), { maxLength: 3 }),
  });
const childAt = (depth: number) => fc.oneof({ arbitrary: documentAt(depth), weight: 4 }, { arbitrary: link, weight: 1 });
const group: fc.Arbitrary<PageDraft> = fc.record({
  kind: fc.constant('group' as const),
  title: title(true),
  fields: fc.constant({}),
  body: fc.constant<Piece[]>([]),
  children: fc.array(childAt(2), { maxLength: 3 }),
});
const tree = fc.oneof({ arbitrary: documentAt(1), weight: 4 }, { arbitrary: link, weight: 1 }, { arbitrary: group, weight: 2 });

const fileName = fc
  .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.constantFrom('.png', '.pdf', ' (1).svg', ''))
  .map(([stem, ext]) => `${stem}${ext}`)
  // Names the file-name rule refuses never reach a space (batch edits and imports refuse them).
  .filter((name) => fileNameProblem(name) === null);

const contentArb = fc
  .record({
    pages: fc.array(tree, { maxLength: 6 }),
    files: fc.uniqueArray(fc.record({ name: fileName, bytes: fc.uint8Array({ maxLength: 8 }) }), { selector: (f) => f.name, maxLength: 4 }),
    redirects: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}(\/[a-z]{1,5})?$/), fc.stringMatching(/^[a-z]{1,5}\.md$/), { maxKeys: 3 }),
    root: fc.constantFrom('', 'docs', 'site/content'),
  })
  .map(build);

/** Slugs unique over each folder of paths (as Quire keeps them: apart from the rare same path in two groups), then bodies whose links hold from each page's file. */
function build(drafts: {
  pages: PageDraft[];
  files: { name: string; bytes: Uint8Array }[];
  redirects: Record<string, string>;
  root: string;
}): GitLayoutContent {
  const files: GitLayoutFile[] = drafts.files.map((f) => ({ path: assetFile(f.name), name: f.name, contentType: 'x', bytes: Buffer.from(f.bytes) }));
  const documents: { page: GitLayoutPage; path: string; body: Piece[] }[] = [];
  const place = (list: PageDraft[], prefix: string, taken: Set<string>): GitLayoutPage[] =>
    list.map((draft) => {
      const slug = uniqueSlug(draft.slug ?? slugify(draft.title), taken);
      const page: GitLayoutPage = { kind: draft.kind, title: draft.title, slug, ...draft.fields, ...(draft.href ? { href: draft.href } : {}), children: [] };
      if (draft.kind === 'group') page.children = place(draft.children, prefix, taken);
      if (draft.kind === 'document') {
        const path = prefix ? `${prefix}/${slug}` : slug;
        documents.push({ page, path, body: draft.body });
        page.children = place(draft.children, path, new Set());
      }
      return page;
    });
  const pages = place(drafts.pages, '', new Set());
  for (const { page, path, body } of documents) {
    const from = pageFile(path);
    page.markdown = body
      .map((p) => {
        if ('text' in p) return p.text;
        if ('url' in p) return `[out](${p.url})`;
        if ('broken' in p) return `[gone](${p.broken})`;
        if ('page' in p)
          return documents.length
            ? `[to](${relativeTarget(from, pageFile((documents[p.page % documents.length] as (typeof documents)[0]).path))}${p.anchor})`
            : '';
        const file = files[p.file % Math.max(files.length, 1)];
        return file ? `${p.isImage ? '!' : ''}[f](${relativeTarget(from, assetFile(file.name))})` : '';
      })
      .join(' \n');
  }
  return { pages, files, redirects: drafts.redirects, root: drafts.root };
}

/** Files as strings: jest compares Buffers a byte at a time, 20 times slower. */
function asText(files: RepoFile[]): string[] {
  return files.map((f) => `${f.path}\n${f.bytes.toString('base64')}`);
}

/** What reading gives back besides the content: documents' files, and group and link slugs (no file records them: they come from titles). */
function comparable(content: GitLayoutContent): GitLayoutContent {
  const page = ({ file: _file, ...p }: GitLayoutPage): GitLayoutPage => ({
    ...p,
    ...(p.kind === 'document' ? {} : { slug: '' }),
    children: p.children.map(page),
  });
  return {
    ...content,
    pages: content.pages.map(page),
    files: content.files.map((f) => ({ ...f, path: '', contentType: '', bytes: Buffer.alloc(0), name: `${f.name} ${f.bytes.toString('base64')}` })),
  };
}

describe('writing, then reading', () => {
  it('gives back the same content: tree, titles, slugs, fields, bodies with their links, files, redirects', () => {
    fc.assert(
      fc.property(contentArb, fc.constantFrom('', 'packages/docs'), (content, projectDirectory) => {
        const files = writeGitLayout(content, { projectDirectory });
        const read = readGitLayout(files, { projectDirectory, limits: LIMITS });
        expect(comparable(read)).toEqual(comparable(content));
        // The same content again writes the same bytes (git keeps each unchanged page's blob).
        expect(asText(writeGitLayout(read, { projectDirectory }))).toEqual(asText(files));
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the same content from the layout Quire wrote before (`<path>.md` beside `<path>/` for a page with children), links meaning the same', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const files = writeGitLayout(content);
        const direct = readGitLayout(files, { limits: LIMITS });
        const relocated = readGitLayout(asQuireWroteItBefore(files, content.root ?? ''), { limits: LIMITS });
        expect(meanings(comparable(relocated))).toEqual(meanings(comparable(direct)));
      }),
      { numRuns: 200 },
    );
  });
});

/** Moves each page with children from `<path>/README.md` to `<path>.md` (Quire's layout before GitBook's), rewriting every link to or from it. */
function asQuireWroteItBefore(files: RepoFile[], root: string): RepoFile[] {
  const prefix = root ? `${root}/` : '';
  const inRoot = files.filter((f) => f.path.startsWith(prefix)).map((f) => f.path.slice(prefix.length));
  const moved = new Map<string, string>();
  for (const path of inRoot) {
    const folder = /^(.+)\/README\.md$/.exec(path)?.[1];
    if (folder && !folder.startsWith(`${ASSETS_DIR}`) && !inRoot.includes(`${folder}.md`)) moved.set(path, `${folder}.md`);
  }
  const existing = new Set(inRoot);
  const rebase = (markdown: string, from: string) =>
    rewriteTargets(markdown, (target) => {
      const to = !isUrl(target) && !target.startsWith('#') ? resolveRelative(target, from) : undefined;
      if (!to || !existing.has(to.path)) return undefined;
      return relativeTarget(moved.get(from) ?? from, moved.get(to.path) ?? to.path) + (to.anchor ? `#${to.anchor}` : '');
    });
  return files.map((file) => {
    const path = file.path.slice(prefix.length);
    if (file.path.endsWith('.gitbook.yaml')) {
      const config = parse(file.bytes.toString()) as { structure: { readme: string } };
      config.structure.readme = moved.get(config.structure.readme) ?? config.structure.readme;
      return text(file.path, stringify(config));
    }
    if (!file.path.startsWith(prefix) || !path.endsWith('.md') || path.startsWith(`${ASSETS_DIR}/`)) return file;
    const source = file.bytes.toString();
    const body = path === 'SUMMARY.md' ? source : splitFrontMatter(source).markdown;
    return text(prefix + (moved.get(path) ?? path), source.slice(0, source.length - body.length) + rebase(body, path));
  });
}

/** Bodies with each link replaced by what it resolves to from the page's file (what content's link index sees). */
function meanings(content: GitLayoutContent): GitLayoutContent {
  const page = (p: GitLayoutPage, prefix: string): GitLayoutPage => {
    const path = p.kind === 'document' ? (prefix ? `${prefix}/${p.slug}` : p.slug) : prefix;
    const markdown =
      p.markdown &&
      rewriteTargets(p.markdown, (target) => {
        if (isUrl(target) || target.startsWith('#')) return undefined;
        const to = resolveRelative(target, pageFile(path));
        if (!to) return undefined;
        return to.path.startsWith(`${ASSETS_DIR}/`) ? `file:${to.path}` : `page:${pagePathOf(to.path)}#${decodeURIComponent(to.anchor)}`;
      });
    return { ...p, ...(markdown === undefined ? {} : { markdown }), children: p.children.map((child) => page(child, path)) };
  };
  return { ...content, pages: content.pages.map((p) => page(p, '')) };
}

describe('hostile repositories', () => {
  it('never throws anything but ImportRefused, whatever the files', () => {
    const path = fc.oneof(
      fc.constantFrom(
        'README.md',
        'SUMMARY.md',
        '.gitbook.yaml',
        'guide/README.md',
        'a.md',
        '.gitbook/assets/x.png',
        '../evil.md',
        '/abs.md',
        'a//b.md',
        'a/./b.md',
        'nul\0.md',
      ),
      fc.array(fc.constantFrom('a', 'b', '..', '.', '', 'README.md', 'x.md', '.gitbook', 'assets'), { minLength: 1, maxLength: 5 }).map((s) => s.join('/')),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '---\ndescription: [x\n---\n',
        '---\nlayout: 3\nicon: 🚀\nhidden: yes\n---\n# T',
        '* [a](../../../etc/passwd)\n* [b](/etc/passwd)\n  * [c](a.md)\n    * [d](a.md)\n* [e](https://x)\n  * [f](b.md)',
        'root: ../..',
        'structure:\n  readme: /etc/passwd\n  summary: a.md',
        'redirects: [1, 2]',
        '[x](../../../../README.md) ![y](<../.gitbook/assets/x.png>) [z](%E0%A4%A)',
      ),
      fc.array(fc.constantFrom('*', '  ', '[', ']', '(', ')', '#', '\n', 'a.md', '../', '---', '\0'), { maxLength: 60 }).map((s) => s.join('')),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ path, bytes: body.map((b) => Buffer.from(b)) }), { maxLength: 8 }), (files) => {
        try {
          readGitLayout(files, { limits: { maxPages: 50, maxDepth: 4 } });
        } catch (err) {
          if (!(err instanceof ImportRefused)) throw err;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses too many pages and too deep a tree, from SUMMARY.md or from folders', () => {
    const many = Array.from({ length: 30 }, (_, i) => text(`p${i}.md`, `# P${i}`));
    const summary = text('SUMMARY.md', many.map((f) => `* [x](${f.path})`).join('\n'));
    const deep = text(`${'d/'.repeat(10)}page.md`, '# Deep');
    const nested = text('SUMMARY.md', Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}* [x${i}](p${i}.md)`).join('\n'));
    const cases: [RepoFile[], RegExp][] = [
      [many, /the repository has more than 20 pages/],
      [[summary, ...many], /SUMMARY\.md lists more than 20 entries/],
      [[deep], /the page "d\/d\/d\/d\/d\/d\/d\/d\/d\/d\/page\.md" is nested more than 5 folders deep/],
      [[nested, ...many], /SUMMARY\.md nests entries more than 5 levels deep/],
    ];
    for (const [files, reason] of cases) expect(() => readGitLayout(files, { limits: { maxPages: 20, maxDepth: 5 } })).toThrow(reason);
  });

  it('ignores paths git cannot hold, strips NUL, and reads a body of one 1 MB line of brackets in linear time', () => {
    const files = [
      text('../evil.md', '# Evil'),
      text('/abs.md', '# Abs'),
      text('a/../b.md', '# Dots'),
      text('ok.md', `# OK\u0000\n\n${'['.repeat(1_000_000)}`),
    ];
    const started = Date.now();
    const content = readGitLayout(files, { limits: LIMITS });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outline(content.pages)).toEqual(['OK (ok) ok.md']);
    expect(content.pages[0]?.markdown).toHaveLength(1_000_000);
  });

  it('writes and reads 2,000 pages in linear time (well under two seconds each way)', () => {
    const pages: GitLayoutPage[] = Array.from({ length: 40 }, (_, i) => ({
      kind: 'document',
      title: `Section ${i}`,
      slug: `section-${i}`,
      markdown: `[next](section-${i + 1}.md)`,
      children: Array.from({ length: 49 }, (_, j) => ({
        kind: 'document',
        title: `Page ${j}`,
        slug: `page-${j}`,
        markdown: `[up](../section-${i}.md) [sibling](page-${j + 1}.md)`,
        children: [],
      })),
    }));
    let started = Date.now();
    const files = writeGitLayout({ pages, files: [], redirects: {} });
    expect(Date.now() - started).toBeLessThan(2_000);
    started = Date.now();
    const content = readGitLayout(files, { limits: LIMITS });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(comparable(content)).toEqual(comparable({ pages, files: [], redirects: {}, root: '' }));
  });
});
