import type { Logger } from '@quire/platform/logger';
import type { OutboundFetcher } from '@quire/platform/outbound';
import type { ArchiveLimits, DocxLimits, ImportedContent, ImportedPage, PageLinks, SitePages } from '@quire/formats';
import type { ImportLimits } from '../../../settings';
import type { FetchedText } from './fetched-text';

// What an importer is: a fetch of `url` through the outbound policy, then a conversion by
// @quire/formats (in a conversion thread) into the pages and files the revision writer consumes.

/** The sources Quire imports (the reference's enum also lists confluence, github-wiki, notion, google-docs). */
export const IMPORT_SOURCES = ['markdown', 'html', 'zip', 'docx', 'website'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportDeps {
  fetcher: Pick<OutboundFetcher, 'fetch'>;
  limits: ImportLimits;
  log: Logger;
  /** Parsing and converting what was fetched runs in conversion threads, off the event loop. */
  conversions: ImportConversions;
}

/**
 * The conversions importers run (revisions' ContentConversions, in conversion threads): declared
 * here so that imports sits below revisions, which calls the importers.
 */
export interface ImportConversions {
  markdownPage(fetched: FetchedText): Promise<ImportedPage>;
  htmlPage(fetched: FetchedText): Promise<ImportedPage>;
  websitePages(crawled: { url: string; html: string }[], scopePrefix: string): Promise<SitePages>;
  docxContent(input: { bytes: Uint8Array; source: string; limits: DocxLimits }, log: Pick<Logger, 'warn'>): Promise<ImportedContent>;
  zipContent(bytes: Uint8Array, limits: ArchiveLimits): Promise<ImportedContent & { pageCount: number }>;
  htmlLinks(html: string, pageUrl: string): Promise<PageLinks>;
  imageTargets(markdowns: string[]): Promise<string[][]>;
}

export type Importer = (url: string, deps: ImportDeps) => Promise<ImportedContent>;
