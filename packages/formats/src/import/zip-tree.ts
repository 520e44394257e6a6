import type { ImportedPage } from './imported-content';
import { humanise, withoutLeadingHeading } from './markdown-page';
import { INDEX_NAMES, type SummaryPage } from './summary-md';

// The page tree of a zip: its folders (a folder's README/index is the folder's page, or else the
// page of the folder's name beside it), ordered by a SUMMARY.md when there is one (read by
// readSummary, as Git Sync reads it: groups, link pages); pages the summary leaves out follow it in
// folder order.

/** A page entry's content, before the tree gives it its final title. */
export interface PageContent {
  /** The title the content gives itself (`# heading`, frontmatter `title:`, HTML `<title>`). */
  title?: string;
  /** The body's first block when it is a `# heading`: dropped when it repeats the page's title. */
  leadingHeading?: string;
  markdown: string;
  description?: string;
}

export interface Summary {
  pages: SummaryPage[];
  /** SUMMARY.md's entry path: the source of the pages it makes that no entry holds. */
  path: string;
}

/** Levels of pages in the tree (folders, SUMMARY.md nesting): deeper input is refused, so that no walk of the tree, here or in the writer, runs out of stack. */
export const MAX_TREE_DEPTH = 32;

interface Folder {
  path: string;
  /** Base name → entry path. */
  pages: Map<string, string>;
  folders: Map<string, Folder>;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function buildZipTree(pages: ReadonlyMap<string, PageContent>, summary?: Summary): ImportedPage[] {
  if (!summary) return rootPages(folderOf([...pages.keys()]), pages);
  const used = new Set<string>();
  const fromSummary = summary.pages.map((page) => summaryPage(page, summary.path, pages, used));
  const rest = [...pages.keys()].filter((path) => !used.has(path));
  return [...fromSummary, ...rootPages(folderOf(rest), pages)];
}

/** `zip:/<path>` as the URL parser writes it, so that `new URL(link, source)` lands on the same string. */
export function zipSource(path: string): string {
  return new URL(`zip:/${path.replace(/%/g, '%25').replace(/#/g, '%23').replace(/\?/g, '%3F')}`).href;
}

function summaryPage(page: SummaryPage, summaryPath: string, pages: ReadonlyMap<string, PageContent>, used: Set<string>): ImportedPage {
  const children = page.children.map((child) => summaryPage(child, summaryPath, pages, used));
  if (page.kind === 'group') return { kind: 'group', title: page.title, markdown: '', source: zipSource(summaryPath), pages: children };
  if (page.kind === 'link') return { kind: 'link', title: page.title, href: page.href, markdown: '', source: zipSource(summaryPath), pages: [] };
  const content = page.file === undefined ? undefined : pages.get(page.file);
  // A draft chapter, a plain-text entry or a link to a missing file: a titled page without a body.
  if (page.file === undefined || !content) return { title: page.title, markdown: '', source: zipSource(summaryPath), isPlaceholder: true, pages: children };
  used.add(page.file);
  return { ...pageOf(page.file, content, page.title), pages: children };
}

/** The root folder: its index page first, then its other pages and folders. */
function rootPages(root: Folder, pages: ReadonlyMap<string, PageContent>): ImportedPage[] {
  const index = indexOf(root);
  const children = childPages(root, index, pages);
  return index ? [{ ...pageOf(index, pageContent(pages, index)), pages: [] }, ...children] : children;
}

function folderPage(folder: Folder, pages: ReadonlyMap<string, PageContent>): ImportedPage {
  const index = indexOf(folder);
  const children = childPages(folder, index, pages);
  if (index) return { ...pageOf(index, pageContent(pages, index)), pages: children };
  const name = folder.path.slice(folder.path.lastIndexOf('/') + 1);
  return { title: humanise(name, false), markdown: '', source: zipSource(`${folder.path}/`), isPlaceholder: true, pages: children };
}

function childPages(folder: Folder, index: string | undefined, pages: ReadonlyMap<string, PageContent>): ImportedPage[] {
  const children: { key: string; page: () => ImportedPage }[] = [];
  // A folder without an index beside a page of its name (`guide.md`, `guide/install.md`) holds that
  // page's children: Quire and Git Sync write a page with children that way.
  const headed = new Map<string, Folder>();
  for (const [name, sub] of folder.folders) {
    const pageName = indexOf(sub) ? undefined : [`${name}.md`, `${name}.markdown`].find((file) => folder.pages.has(file));
    if (pageName && folder.pages.get(pageName) !== index) headed.set(pageName, sub);
  }
  for (const [name, path] of folder.pages) {
    const sub = headed.get(name);
    if (path !== index)
      children.push({
        key: name.replace(/\.[^.]+$/, ''),
        page: () => ({ ...pageOf(path, pageContent(pages, path)), pages: sub ? childPages(sub, undefined, pages) : [] }),
      });
  }
  const headedFolders = new Set(headed.values());
  for (const [name, sub] of folder.folders) if (!headedFolders.has(sub)) children.push({ key: name, page: () => folderPage(sub, pages) });
  return children.sort((a, b) => collator.compare(a.key, b.key) || (a.key < b.key ? -1 : 1)).map((c) => c.page());
}

function indexOf(folder: Folder): string | undefined {
  for (const wanted of INDEX_NAMES) {
    for (const [name, path] of folder.pages) if (name.toLowerCase() === wanted) return path;
  }
  return undefined;
}

function pageOf(path: string, content: PageContent, summaryTitle?: string): Omit<ImportedPage, 'pages'> {
  const title = summaryTitle ?? content.title ?? humanise(path.slice(path.lastIndexOf('/') + 1), true);
  const markdown = content.leadingHeading === title ? withoutLeadingHeading(content.markdown) : content.markdown;
  return { title, markdown, source: zipSource(path), ...(content.description ? { description: content.description } : {}) };
}

function pageContent(pages: ReadonlyMap<string, PageContent>, path: string): PageContent {
  return pages.get(path) ?? { markdown: '' };
}

function folderOf(paths: string[]): Folder {
  const root: Folder = { path: '', pages: new Map(), folders: new Map() };
  for (const path of paths) {
    const segments = path.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let sub = folder.folders.get(segment);
      if (!sub) folder.folders.set(segment, (sub = { path: folder.path ? `${folder.path}/${segment}` : segment, pages: new Map(), folders: new Map() }));
      folder = sub;
    }
    folder.pages.set(segments.at(-1) ?? path, path);
  }
  return root;
}
