import { buildZipTree, zipSource } from '../import/zip-tree';
import type { ImportedPage } from '../import/imported-content';
import { humanise } from '../import/markdown-page';
import { readSummary, type SummaryPage } from '../import/summary-md';
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

/** `markdown`: the markdown files by path. SUMMARY.md is read by readSummary, as the zip import reads it. */
export function summaryPages(summary: SummarySource, markdown: ReadonlySet<string>, limits: { maxPages: number; maxDepth: number }): SourcePage[] {
  const used = new Set<string>();
  const pageOf = (page: SummaryPage): SourcePage => {
    if (page.file !== undefined) used.add(page.file);
    return {
      kind: page.kind,
      listedTitle: page.title,
      ...(page.file !== undefined ? { file: page.file, folder: folderOfReadme(page.file) } : {}),
      ...(page.href !== undefined ? { href: page.href } : {}),
      children: page.children.map(pageOf),
    };
  };
  const pages = readSummary(summary, markdown, { maxItems: limits.maxPages, maxDepth: limits.maxDepth }).map(pageOf);
  const readme = [...markdown].find((path) => path === summary.readme) ?? [...markdown].find((path) => path.toLowerCase() === summary.readme.toLowerCase());
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
