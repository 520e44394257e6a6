import type { Logger } from '@quire/platform/logger';
import type { OutboundFetcher } from '@quire/platform/outbound';
import type { ImportedContent } from '@quire/formats';
import type { ImportLimits } from '../../../settings';
import type { ContentConversions } from '../../revisions';

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
  conversions: ContentConversions;
}

export type Importer = (url: string, deps: ImportDeps) => Promise<ImportedContent>;
