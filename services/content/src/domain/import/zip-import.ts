import { contentTypeOf } from './file-types';
import { htmlToMarkdown } from './html-to-markdown';
import { type ImportedFile, type Importer, ImportRefused } from './imported-content';
import { readMarkdownPage } from './markdown-page';
import { parseSummary } from './summary-md';
import { readZipEntries, type ZipEntryFile } from './zip-entries';
import { buildZipTree, type PageContent, zipSource } from './zip-tree';

// `source: "zip"`: a zip of markdown and HTML pages (a GitBook or mdBook export, a docs folder)
// becomes a page tree; every other entry becomes a file the pages may link to.

const MARKDOWN = /\.(md|markdown)$/i;
const HTML = /\.html?$/i;

export const importZip: Importer = async (url, deps) => {
  const { limits } = deps;
  const response = await deps.fetcher.fetch(url, { timeoutMs: limits.fetchTimeoutMs, maxBytes: limits.maxFetchBytes });
  const { files: entries, fileEntryCount } = await readZipEntries(response.body, { maxEntries: limits.maxZipEntries, maxBytes: limits.maxZipBytes }, isWanted);

  const unwrapped = unwrapSingleFolder(entries);
  const summaryEntry = unwrapped.find((e) => e.path.toLowerCase() === 'summary.md');
  const pages = new Map<string, PageContent>();
  const files: ImportedFile[] = [];
  for (const entry of unwrapped) {
    if (entry === summaryEntry) continue;
    if (MARKDOWN.test(entry.path)) pages.set(entry.path, markdownContent(decode(entry.bytes)));
    else if (HTML.test(entry.path)) pages.set(entry.path, htmlContent(decode(entry.bytes)));
    else
      files.push({
        source: zipSource(entry.path),
        name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
        contentType: contentTypeOf(entry.path),
        bytes: entry.bytes,
      });
  }
  if (pages.size === 0) throw new ImportRefused('the zip holds no page (no .md, .markdown, .html or .htm entry)');

  const summary = summaryEntry ? { items: parseSummary(decode(summaryEntry.bytes)), dir: '' } : undefined;
  const tree = buildZipTree(pages, summary);
  deps.log.info({ url: response.url, pages: pages.size, files: files.length, entries: fileEntryCount, hasSummary: Boolean(summary) }, 'zip read');
  return { pages: tree, files, totalResources: fileEntryCount };
};

/** Archive-tool litter and hidden folders are skipped; GitBook keeps its uploads in `.gitbook/assets`. */
function isWanted(path: string): boolean {
  const segments = path.split('/');
  if (segments[0] === '__MACOSX') return false;
  return segments.every((segment, i) => !segment.startsWith('.') || (segment === '.gitbook' && segments[i + 1] === 'assets' && i + 2 < segments.length));
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

function htmlContent(html: string): PageContent {
  const converted = htmlToMarkdown(html);
  const page = readMarkdownPage(converted.markdown);
  return { title: converted.title, leadingHeading: page.isHeadingFirst ? page.heading : undefined, markdown: converted.markdown };
}

const utf8 = new TextDecoder('utf-8');

function decode(bytes: Buffer): string {
  return utf8.decode(bytes);
}
