import { entryText, isContentEntry, MARKDOWN } from './content-entries';
import { contentTypeOf } from './file-types';
import { htmlNestingDepth, MAX_HTML_DEPTH } from './html-depth';
import { type ConvertedHtml, htmlToMarkdown } from './html-to-markdown';
import { type ArchiveLimits, type ImportedContent, type ImportedFile, ImportRefused } from './imported-content';
import { readMarkdownPage } from './markdown-page';
import { readSummary } from './summary-md';
import { readZipEntries, type ZipEntryFile } from './zip-entries';
import { buildZipTree, MAX_TREE_DEPTH, type PageContent, zipSource } from './zip-tree';

// `source: "zip"`: a zip of markdown and HTML pages (a GitBook or mdBook export, a docs folder)
// becomes a page tree; every other entry becomes a file the pages may link to.

/** Browsers stop nesting near 512; deeper HTML is hostile and slow to parse (see html-depth.ts). */
const HTML = /\.html?$/i;

/** SUMMARY.md at the root (GitBook), else in `src/` (mdBook's layout). */
const SUMMARY_PATHS = ['summary.md', 'src/summary.md'];

/** The import of zip bytes already in memory (the fetch aside): refusals, tree and files. */
export async function readZipContent(zip: Buffer, limits: ArchiveLimits): Promise<ImportedContent & { pageCount: number }> {
  const read = await readZipEntries(zip, { maxEntries: limits.maxZipEntries, maxBytes: limits.maxZipBytes }, isContentEntry);
  const entries = unwrapSingleFolder(read.files);
  const summaryEntry = SUMMARY_PATHS.map((path) => entries.find((e) => e.path.toLowerCase() === path)).find(Boolean);
  const pages = new Map<string, PageContent>();
  const files: ImportedFile[] = [];
  for (const entry of entries) {
    if (entry === summaryEntry) continue;
    if (entry.path.split('/').length > MAX_TREE_DEPTH)
      throw new ImportRefused(`the zip entry ${JSON.stringify(entry.path.slice(0, 200))} is nested more than ${MAX_TREE_DEPTH} folders deep`);
    if (MARKDOWN.test(entry.path)) pages.set(entry.path, markdownContent(entryText(entry.bytes)));
    else if (HTML.test(entry.path)) pages.set(entry.path, htmlContent(entry.path, entryText(entry.bytes)));
    else files.push({ source: zipSource(entry.path), name: baseName(entry.path), contentType: contentTypeOf(entry.path), bytes: entry.bytes });
  }
  if (pages.size === 0) throw new ImportRefused('the zip holds no page (no .md, .markdown, .html or .htm entry)');

  const summary = summaryEntry && {
    pages: readSummary({ path: summaryEntry.path, text: entryText(summaryEntry.bytes) }, new Set(pages.keys()), {
      maxItems: limits.maxZipEntries,
      maxDepth: MAX_TREE_DEPTH,
    }),
    path: summaryEntry.path,
  };
  return { pages: buildZipTree(pages, summary), files, totalResources: read.fileEntryCount, pageCount: pages.size };
}

/** `docs-main/README.md`, `docs-main/guide.md` → `README.md`, `guide.md` (a GitHub download wraps the repository in one). */
function unwrapSingleFolder(entries: ZipEntryFile[]): ZipEntryFile[] {
  const first = entries[0]?.path.split('/')[0];
  const isWrapped = first !== undefined && entries.every((e) => e.path.startsWith(`${first}/`));
  return isWrapped ? entries.map((e) => ({ ...e, path: e.path.slice(first.length + 1) })) : entries;
}

function markdownContent(text: string): PageContent {
  const page = readMarkdownPage(text);
  return {
    title: page.heading ?? page.frontmatter.title,
    leadingHeading: page.isHeadingFirst ? page.heading : undefined,
    markdown: page.markdown,
    description: page.frontmatter.description,
  };
}

function htmlContent(path: string, html: string): PageContent {
  if (htmlNestingDepth(html) > MAX_HTML_DEPTH)
    throw new ImportRefused(`the zip entry ${JSON.stringify(path)} nests HTML elements more than ${MAX_HTML_DEPTH} deep`);
  let converted: ConvertedHtml;
  try {
    converted = htmlToMarkdown(html);
  } catch (err) {
    throw new ImportRefused(`the zip entry ${JSON.stringify(path)} cannot be converted from HTML (${err instanceof Error ? err.message : String(err)})`);
  }
  const page = readMarkdownPage(converted.markdown);
  return { title: converted.title, leadingHeading: page.isHeadingFirst ? page.heading : undefined, markdown: converted.markdown };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
