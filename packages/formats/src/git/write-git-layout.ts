import { rewriteTargets } from '../markdown/link-targets';
import { assetFile, isUrl, pageFile, relativeTarget, resolveRelative } from '../markdown/revision-paths';
import { slugify, uniqueSlug } from '../markdown/slugs';
import type { GitLayoutContent, GitLayoutOptions, GitLayoutPage, RepoFile } from './git-layout';
import { CONFIG_FILE, DEFAULT_CONFIG, gitBookConfigText } from './gitbook-config';
import { pageFileText } from './page-file';
import { pagesSharingFolder } from './page-paths';
import { configuredPath, folderOf, joinPath } from './repo-paths';
import { summaryText } from './summary-file';

// A space's content as repository files in GitBook's own layout, for readGitLayout to read back as
// it was: the first page is README.md at the root (GitHub shows it on the repository's page), a page
// with children is `<slug path>/README.md` with its children beside it in `<slug path>/`, any other
// page `<slug path>.md`, files `.gitbook/assets/<name>`, and SUMMARY.md the table of contents.
// Bodies are stored with links relative to the page's file in Quire's layout (`<slug path>.md`):
// a link to a page or file is rewritten where the layout moves either end. Same content, same bytes:
// a page that keeps its place keeps its file and its git blob.

/** Where a document is written: its slug path (Quire's layout) and its file, both from the content's root. */
export interface PlacedDocument {
  path: string;
  file: string;
}

export function writeGitLayout(content: GitLayoutContent, options: GitLayoutOptions = {}): RepoFile[] {
  const project = configuredPath(options.projectDirectory ?? '', 'the project directory');
  const root = configuredPath(content.root ?? '', 'the content root');
  const placed = placeDocuments(content.pages);
  const documents = [...placed.keys()];
  const lowerCaseFiles = new Set([...placed.values()].map((p) => p.file.toLowerCase()));
  // SUMMARY.md unless a page is summary.md, which a case-insensitive checkout would take for it.
  let summary = DEFAULT_CONFIG.summary;
  for (let n = 1; lowerCaseFiles.has(summary.toLowerCase()); n++) summary = `SUMMARY-${n}.md`;

  const fileByQuireFile = new Map([...placed.values()].map((p) => [pageFile(p.path), p.file]));
  const assets = new Set(content.files.map((file) => assetFile(file.name)));
  const target = (path: string) => fileByQuireFile.get(path) ?? (assets.has(path) ? path : undefined);
  const text = (path: string, body: string): RepoFile => ({ path, bytes: Buffer.from(body, 'utf8') });
  return [
    text(joinPath(project, CONFIG_FILE), gitBookConfigText({ root, readme: DEFAULT_CONFIG.readme, summary, redirects: content.redirects })),
    text(
      joinPath(project, root, summary),
      summaryText(content.pages, (page) => (placed.get(page) as PlacedDocument).file),
    ),
    ...documents.map((page) => {
      const { path, file } = placed.get(page) as PlacedDocument;
      const markdown = page.markdown && rebaseLinks(page.markdown, pageFile(path), file, target);
      // README.md's name holds no slug: front matter keeps one its title would not give back.
      const slug = file === DEFAULT_CONFIG.readme && path !== slugify(page.title) ? { slug: path } : {};
      const { title, description, emoji, icon, hidden, layout } = page;
      return text(joinPath(project, root, file), pageFileText({ title, description, emoji, icon, hidden, layout, ...slug, markdown }));
    }),
    ...content.files.map((file) => ({ path: joinPath(project, root, assetFile(file.name)), bytes: file.bytes })),
  ];
}

/**
 * Each document's slug path and file from the content's root, in tree order: the first document is
 * README.md, a document with children `<path>/README.md`, any other `<path>.md`. A slug another page
 * of its folder already holds gets a `-N` (two pages of one path in two groups).
 */
export function placeDocuments(pages: readonly GitLayoutPage[]): Map<GitLayoutPage, PlacedDocument> {
  const placed = new Map<GitLayoutPage, PlacedDocument>();
  const place = (siblings: readonly GitLayoutPage[], prefix: string) => {
    const taken = new Set<string>();
    for (const page of pagesSharingFolder(siblings, (p) => p.kind === 'group')) {
      if (page.kind !== 'document') continue;
      const path = joinPath(prefix, uniqueSlug(slugify(page.slug), taken));
      const file = placed.size === 0 ? DEFAULT_CONFIG.readme : page.children.length ? `${path}/${DEFAULT_CONFIG.readme}` : pageFile(path);
      placed.set(page, { path, file });
      place(page.children, path);
    }
  };
  place(pages, '');
  return placed;
}

/**
 * A body's links to pages and files, written relative to `quireFile`, made to hold from `file` where
 * either end is written elsewhere than in Quire's layout. Links to nothing of the content and links
 * whose ends both stay are kept as written, so that reading undoes exactly this.
 */
function rebaseLinks(markdown: string, quireFile: string, file: string, target: (path: string) => string | undefined): string {
  const isMoved = folderOf(quireFile) !== folderOf(file);
  return rewriteTargets(markdown, (raw) => {
    const written = raw.trim();
    if (!written || written.startsWith('#') || isUrl(written)) return undefined;
    const to = resolveRelative(written, quireFile);
    const dest = to && target(to.path);
    if (!to || dest === undefined || (!isMoved && dest === to.path)) return undefined;
    return relativeTarget(file, dest) + (to.anchor ? `#${to.anchor}` : '');
  });
}
