import type { Logger, OutboundFetcher } from '@quire/common';

// What every importer produces and what the revision writer consumes: a page tree with markdown
// bodies and the files those bodies use. Importers know nothing of revisions, ids or slugs.

/** The sources Quire imports (the reference's enum also lists confluence, github-wiki, notion, google-docs). */
export const IMPORT_SOURCES = ['markdown', 'html', 'zip', 'docx', 'website'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportedPage {
  /** Never empty (the reference's `title` has minLength 1). */
  title: string;
  /** GFM plus GitBook block tags. Links and images that point at other imported pages or files keep
   * their targets as written (relative or absolute); the writer resolves them against `source`. */
  markdown: string;
  /**
   * Where the page came from, as an absolute URL: the fetched URL for html/markdown/website/docx, and
   * `zip:/<entry path>` for a zip entry (so `new URL(target, source)` resolves relative links).
   */
  source: string;
  description?: string;
  pages: ImportedPage[];
}

export interface ImportedFile {
  /** Absolute URL the pages reference it by (`zip:/<entry path>`, the image URL, `docx:/image1.png`). */
  source: string;
  /** A file name for the revision (`logo.png`): the writer makes names unique. */
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface ImportedContent {
  pages: ImportedPage[];
  files: ImportedFile[];
  /** How many resources (pages, files, entries, fetched URLs) were processed, imported or not. */
  totalResources: number;
}

/** Every limit an import runs under; the defaults are documented in docs/content.md. */
export interface ImportLimits {
  /** Bytes of one fetched document or file. */
  maxFetchBytes: number;
  fetchTimeoutMs: number;
  /** Zip: entries and total uncompressed bytes. */
  maxZipEntries: number;
  maxZipBytes: number;
  /** Website crawl. */
  maxCrawlPages: number;
  maxCrawlDepth: number;
  maxCrawlBytes: number;
  maxCrawlMs: number;
  /** Images fetched by URL for one import. */
  maxImages: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFetchBytes: 50 * 1024 * 1024,
  fetchTimeoutMs: 15_000,
  maxZipEntries: 5_000,
  maxZipBytes: 200 * 1024 * 1024,
  maxCrawlPages: 200,
  maxCrawlDepth: 5,
  maxCrawlBytes: 100 * 1024 * 1024,
  maxCrawlMs: 20_000,
  maxImages: 500,
};

export interface ImportDeps {
  fetcher: Pick<OutboundFetcher, 'fetch'>;
  limits: ImportLimits;
  log: Logger;
}

/** A reason the import cannot be done with this input (answered 400 with the message; nothing imported). */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefused';
  }
}

export type Importer = (url: string, deps: ImportDeps) => Promise<ImportedContent>;
