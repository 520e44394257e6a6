import { importDocx } from './docx-import';
import { importHtml } from './html-import';
import type { ImportSource, Importer } from './importer';
import { importMarkdown } from './markdown-import';
import { importWebsite } from './website-import';
import { importZip } from './zip-import';

/** The importer of each supported `source`. */
export const IMPORTERS: Record<ImportSource, Importer> = {
  markdown: importMarkdown,
  html: importHtml,
  zip: importZip,
  docx: importDocx,
  website: importWebsite,
};
