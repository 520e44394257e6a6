import type { Logger } from '@quire/platform/logger';
import type { OutboundFetcher } from '@quire/platform/outbound';
import type { ArchiveLimits, ImportedContent } from '@quire/formats';
import type { ContentConversions } from '../conversions/conversions';

// What an importer is: a fetch of `url` through the outbound policy, then a conversion by
// @quire/formats (in a conversion thread) into the pages and files the revision writer consumes.

/** The sources Quire imports (the reference's enum also lists confluence, github-wiki, notion, google-docs). */
export const IMPORT_SOURCES = ['markdown', 'html', 'zip', 'docx', 'website'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Every limit an import runs under; the defaults are documented in docs/content.md. */
export interface ImportLimits extends ArchiveLimits {
  /** Bytes of one fetched document or file. */
  maxFetchBytes: number;
  fetchTimeoutMs: number;
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
  /** Parsing and converting what was fetched runs in conversion threads, off the event loop. */
  conversions: ContentConversions;
}

export type Importer = (url: string, deps: ImportDeps) => Promise<ImportedContent>;
