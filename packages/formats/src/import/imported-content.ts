// What every importer produces and what the revision writer consumes: a page tree with markdown
// bodies and the files those bodies use. Importers know nothing of revisions, ids or slugs.

export interface ImportedPage {
  /** Absent for a document; a group (SUMMARY.md's `## Group`) or a link page (an entry to a URL) has no body. */
  kind?: 'group' | 'link';
  /** Never empty (the reference's `title` has minLength 1). */
  title: string;
  /** Link pages: the URL. */
  href?: string;
  /**
   * A page the import made rather than read (a folder without an index page, a SUMMARY.md entry whose
   * file is missing): like groups and links, not one of the source's resources in `importedResources`.
   */
  isPlaceholder?: boolean;
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
  /**
   * How many of the source's resources (zip entries, fetched URLs) were processed, imported or not:
   * the pages read from them (groups, links and placeholders aside) and the files are the imported ones,
   * so that `importedResources` never exceeds it.
   */
  totalResources: number;
}

/** What reading an archive (a zip, a .docx) may inflate: entries and uncompressed bytes. */
export interface ArchiveLimits {
  maxZipEntries: number;
  maxZipBytes: number;
}

/** Where converters report what they skipped (a pino logger fits). */
export interface Warnings {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A reason the import cannot be done with this input (answered 400 with the message; nothing imported). */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefused';
  }
}
