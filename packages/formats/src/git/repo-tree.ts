import { buildZipTree, zipSource } from '../import/zip-tree';
import type { ImportedPage } from '../import/imported-content';
import { humanise } from '../import/markdown-page';
import { parseSummary, type SummaryItem } from '../import/summary-md';
import { isUrl, resolveRelative } from '../markdown/revision-paths';
import { baseName, folderOf } from './repo-paths';

// The page tree a repository's files make, before titles and slugs: from SUMMARY.md when there is
// one (pages it does not list are left out, as GitBook does), else from the folders by the zip
// importer's rules. Paths here are relative to the content's root.

export interface SourcePage {
  kind: 'document' | 'group' | 'link';
  /** The title the table of contents gives (SUMMARY.md's link text, a folder's name). */
  listedTitle?: string;
  /** Documents: the markdown file. */
  file?: string;
  /** A page that stands for a folder (its README, or a folder without one): the folder, whose name is the page's slug. */
  folder?: string;
  href?: string;
  children: SourcePage[];
}

export interface SummarySource {
  /** SUMMARY.md's path and text. */
  path: string;
  text: string;
  /** The first page (structure.readme), listed first if the summary leaves it out. */
  readme: string;
}

/** README.md stands for its folder in GitBook's layout; `readme.md` is a page of that slug. */
const FOLDER_PAGE = 'README.md';
const FOLDER_PAGES = ['readme.md', 'readme.markdown', 'index.md', 'index.markdown'];

/** `markdown`: the markdown files by path. */
export function summaryPages(summary: SummarySource, markdown: ReadonlySet<string>, limits: { maxPages: number; maxDepth: number }): SourcePage[] {
  const byLowerPath = new Map<string, string>();
  for (const path of markdown) if (!byLowerPath.has(path.toLowerCase())) byLowerPath.set(path.toLowerCase(), path);
  const fileAt = (path: string) => {
    const folder = path.replace(/\/$/, '');
    return [path, `${folder ? `${folder}/` : ''}${FOLDER_PAGE}`].map((p) => (markdown.has(p) ? p : byLowerPath.get(p.toLowerCase()))).find(Boolean);
  };
  const used = new Set<string>();
  const pageOf = (item: SummaryItem): SourcePage[] => {
    if (item.path === undefined) return [{ kind: 'group', listedTitle: item.title, children: item.children.flatMap(pageOf) }];
    // A link page has no children: any listed under it follow it.
    if (isUrl(item.path)) return [{ kind: 'link', listedTitle: item.title, href: item.path, children: [] }, ...item.children.flatMap(pageOf)];
    const resolved = item.path ? resolveRelative(item.path, summary.path) : undefined;
    const file = resolved && fileAt(resolved.path);
    // GitBook lists a file once (one page, one URL): a repeated entry gives way to its children.
    if (file && used.has(file)) return item.children.flatMap(pageOf);
    if (file) used.add(file);
    // A draft, a plain-text entry or a missing file: a titled page without a body.
    return [{ kind: 'document', listedTitle: item.title, file, folder: file && folderOfReadme(file), children: item.children.flatMap(pageOf) }];
  };
  const pages = parseSummary(summary.text, { maxItems: limits.maxPages, maxDepth: limits.maxDepth }).flatMap(pageOf);
  const readme = fileAt(summary.readme);
  return readme && !used.has(readme) && readme !== summary.path
    ? [{ kind: 'document', file: readme, folder: folderOfReadme(readme), children: [] }, ...pages]
    : pages;
}

function folderOfReadme(file: string): string | undefined {
  return baseName(file) === FOLDER_PAGE ? folderOf(file) : undefined;
}

/** The folders' tree (zip-tree.ts): a folder's README or index page stands for it; `readme` comes first. */
export function folderPages(markdown: ReadonlySet<string>, readme: string): SourcePage[] {
  const paths = new Map<string, string>();
  for (const path of markdown) {
    paths.set(zipSource(path), path);
    for (let folder = folderOf(path); folder; folder = folderOf(folder)) paths.set(zipSource(`${folder}/`), `${folder}/`);
  }
  const pageOf = (imported: ImportedPage): SourcePage => {
    const path = paths.get(imported.source) ?? '';
    const children = imported.pages.map(pageOf);
    if (path.endsWith('/')) {
      const folder = path.slice(0, -1);
      return { kind: 'document', listedTitle: humanise(baseName(folder), false), folder, children };
    }
    const isFolderPage = FOLDER_PAGES.includes(baseName(path).toLowerCase());
    return { kind: 'document', file: path, ...(isFolderPage ? { folder: folderOf(path) } : {}), children };
  };
  const pages = buildZipTree(new Map([...markdown].map((path) => [path, { markdown: '' }]))).map(pageOf);
  const first = pages.findIndex((page) => page.file === readme);
  return first > 0 ? [pages[first] as SourcePage, ...pages.slice(0, first), ...pages.slice(first + 1)] : pages;
}
