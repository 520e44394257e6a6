import {
  documentToMarkdown,
  markdownBlocks,
  htmlLinks,
  htmlPage,
  imageTargets,
  markdownPage,
  markdownToDocument,
  readSpaceRefTarget,
  readDocxContent,
  readZipContent,
  renderPdf,
  websitePages,
  type ContentRef,
  type DocxLimits,
  type ImportedContent,
  type ImportedPage,
  type ArchiveLimits,
  type PageLinks,
  type PdfPage,
  type SitePages,
} from '@quire/formats';
import { pageSections } from './page-sections';
import type { PageSection } from '../model/page-section';
import type { RevisionTree } from '../model/revision-tree';
import { revertBlocks, type BlockRevert } from './block-revert';
import { RevisionIndex } from './content-refs';
import { responseText, type FetchedText } from '../../imports';

// The conversions content runs off its event loop (conversions.ts sends them, conversion-worker.ts
// serves them): each a function of plain data, as structured clone carries it across threads. A
// document crosses as JSON text, not as objects: cloning the 28 MB document of a 1 MB page costs
// the receiving thread about a second, its JSON text a copy.

export interface PageDocumentInput {
  markdown: string;
  pageId: string;
  /** The page's revision, to resolve its link and image targets (content-refs.ts). */
  tree: RevisionTree;
}

export interface PdfJob {
  title: string;
  pages: PdfPage[];
  tree: RevisionTree;
  /** Image bytes by blob key. */
  images: Record<string, { bytes: Uint8Array; contentType: string }>;
}

export interface DocxInput {
  bytes: Uint8Array;
  source: string;
  limits: DocxLimits;
}

/** What went wrong but was skipped, logged by the caller (a thread has no logger). */
export type Warning = { details: Record<string, unknown>; message: string };

export const CONVERSION_TASKS = {
  /** A page's markdown → its JSONDocument as JSON, targets resolved against its revision. */
  pageDocument({ markdown, pageId, tree }: PageDocumentInput): string {
    const index = new RevisionIndex(tree);
    const resolveRef = (target: string): ContentRef => {
      // Another space's page or the space itself (`quire-ref:`, formats' space-refs.ts); the revision's
      // own targets otherwise (every other reader of `index.resolve` means pages of this revision).
      const otherSpace = readSpaceRefTarget(target);
      if (otherSpace) return otherSpace;
      const resolved = index.resolve(target, pageId);
      return resolved.kind === 'broken' ? { kind: 'url', url: target } : resolved;
    };
    return JSON.stringify(markdownToDocument(markdown, { resolveRef }));
  },

  /** Markdown bodies (comments) → their JSONDocuments as JSON, in order. */
  documents(markdowns: string[]): string[] {
    return markdowns.map((markdown) => JSON.stringify(markdownToDocument(markdown)));
  },

  /** The keys of each body's top-level blocks (the `key`s of its document's nodes), in order: what a comment on a node names. */
  blockKeys(markdowns: string[]): string[][] {
    return markdowns.map((markdown) => markdownBlocks(markdown).map((block) => block.key));
  },

  /** A batch edit's block revert (block-revert.ts). */
  revertBlocks({ current, source, keys }: { current: string; source: string; keys: string[] }): BlockRevert {
    return revertBlocks(current, source, keys);
  },

  /** A posted JSONDocument → markdown. */
  markdown(document: Parameters<typeof documentToMarkdown>[0]): string {
    return documentToMarkdown(document);
  },

  /** What search indexes of a page. */
  pageSections({ page, markdown }: { page: { title: string; description?: string }; markdown: string }): PageSection[] {
    return pageSections(page, markdown);
  },

  markdownPage(fetched: FetchedText): ImportedPage {
    return markdownPage(responseText(fetched), fetched.url);
  },

  htmlPage(fetched: FetchedText): ImportedPage {
    return htmlPage(responseText(fetched), fetched.url);
  },

  /** The image targets of imported pages' markdown, in order (image-files.ts): a parse of each page. */
  imageTargets(markdowns: string[]): string[][] {
    return markdowns.map((markdown) => imageTargets(markdown));
  },

  /** A crawled page's links (website-crawl.ts). */
  htmlLinks({ html, pageUrl }: { html: string; pageUrl: string }): PageLinks {
    return htmlLinks(html, pageUrl);
  },

  websitePages({ crawled, scopePrefix }: { crawled: { url: string; html: string }[]; scopePrefix: string }): SitePages {
    return websitePages(crawled, scopePrefix);
  },

  async docxContent({ bytes, source, limits }: DocxInput): Promise<{ content: ImportedContent; warnings: Warning[] }> {
    const warnings: Warning[] = [];
    const content = await readDocxContent(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), source, limits, {
      warn: (details, message) => warnings.push({ details, message }),
    });
    return { content, warnings };
  },

  /** A zip's pages (markdown and HTML entries converted) and files. */
  async zipContent({ bytes, limits }: { bytes: Uint8Array; limits: ArchiveLimits }): Promise<ImportedContent & { pageCount: number }> {
    return readZipContent(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
  },

  async pdf(job: PdfJob): Promise<Uint8Array> {
    const index = new RevisionIndex(job.tree);
    const files = new Map(job.tree.files.map((f) => [f.id, f]));
    return renderPdf({
      title: job.title,
      pages: job.pages,
      image: (target, fromPageId) => {
        const resolved = index.resolve(target, fromPageId);
        const file = resolved.kind === 'file' ? files.get(resolved.file) : undefined;
        const image = file ? job.images[file.blob] : undefined;
        return Promise.resolve(image ? { bytes: Buffer.from(image.bytes), contentType: image.contentType } : undefined);
      },
    });
  },
};

export type ConversionTasks = typeof CONVERSION_TASKS;
export type ConversionTask = keyof ConversionTasks;
