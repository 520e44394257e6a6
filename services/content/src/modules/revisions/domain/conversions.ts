import type { Logger } from '@quire/platform/logger';
import { WorkerPool, workerScript, type TaskReply } from '@quire/platform/workers';
import { ImportRefused, type ArchiveLimits, type ImportedContent, type ImportedFile, type ImportedPage, type PageLinks, type SitePages } from '@quire/formats';
import type { ConversionSettings } from '../../../settings';
import type { PageSection } from '../model/page-section';
import type { BlockRevert } from './block-revert';
import type { FetchedText } from '../../imports';
import type { ConversionTask, ConversionTasks, DocxInput, PageDocumentInput, PdfJob } from './conversion-tasks';

// Content's conversions of request-sized input, run in worker threads (common's WorkerPool) so
// that a 1 MB page converted to a document (seconds of markdown-it) stalls no other request: in
// embedded mode the event loop is every service's. docs/content.md, Conversions, gives the limits
// and what a conversion over its time limit answers (503).

type Input<T extends ConversionTask> = Parameters<ConversionTasks[T]>[0];
type Output<T extends ConversionTask> = Awaited<ReturnType<ConversionTasks[T]>>;

export class ContentConversions {
  private readonly pool: WorkerPool;

  constructor(settings: ConversionSettings) {
    this.pool = new WorkerPool({
      file: workerScript(__dirname, 'conversion-worker'),
      size: settings.threads,
      maxQueue: settings.maxQueue,
      taskTimeoutMs: settings.timeoutMs,
      work: 'converting content',
      reviveError,
    });
  }

  /** A page's JSONDocument, as JSON text (conversion-tasks.ts says why text). */
  pageDocument(input: PageDocumentInput): Promise<string> {
    return this.run('pageDocument', input, 'Converting this page to a document');
  }

  /** Comment bodies' JSONDocuments, as JSON text, in order. */
  documents(markdowns: string[]): Promise<string[]> {
    return markdowns.length ? this.run('documents', markdowns, 'Converting these comments to documents') : Promise.resolve([]);
  }

  /** The top-level block keys of page bodies, in order (comments on nodes: is their block still there?). */
  blockKeys(markdowns: string[]): Promise<string[][]> {
    return markdowns.length ? this.run('blockKeys', markdowns, 'Reading the blocks of these pages') : Promise.resolve([]);
  }

  revertBlocks(current: string, source: string, keys: string[]): Promise<BlockRevert> {
    return this.run('revertBlocks', { current, source, keys }, 'Reverting these blocks');
  }

  /** A posted JSONDocument as markdown. */
  markdown(document: Input<'markdown'>): Promise<string> {
    return this.run('markdown', document, 'Converting this document to markdown');
  }

  pageSections(page: { title: string; description?: string }, markdown: string): Promise<PageSection[]> {
    return this.run(
      'pageSections',
      { page: { title: page.title, ...(page.description ? { description: page.description } : {}) }, markdown },
      'Indexing a page',
    );
  }

  markdownPage(fetched: FetchedText): Promise<ImportedPage> {
    return this.run('markdownPage', plainFetched(fetched), `Converting ${fetched.url}`);
  }

  htmlPage(fetched: FetchedText): Promise<ImportedPage> {
    return this.run('htmlPage', plainFetched(fetched), `Converting ${fetched.url}`);
  }

  websitePages(crawled: { url: string; html: string }[], scopePrefix: string): Promise<SitePages> {
    return this.run('websitePages', { crawled, scopePrefix }, 'Converting the crawled pages');
  }

  /** A .docx as a page and its images; what it skipped is logged to `log`. */
  async docxContent(input: DocxInput, log: Pick<Logger, 'warn'>): Promise<ImportedContent> {
    const { content, warnings } = await this.run('docxContent', input, `Converting ${input.source}`);
    for (const w of warnings) log.warn(w.details, w.message);
    return { ...content, files: asBuffers(content.files) };
  }

  /** A zip's pages and files. */
  async zipContent(bytes: Uint8Array, limits: ArchiveLimits): Promise<ImportedContent & { pageCount: number }> {
    const content = await this.run('zipContent', { bytes, limits }, 'Reading this zip');
    return { ...content, files: asBuffers(content.files) };
  }

  /** The image targets of each imported page's markdown, in order. */
  imageTargets(markdowns: string[]): Promise<string[][]> {
    return markdowns.length ? this.run('imageTargets', markdowns, 'Reading the images of the imported pages') : Promise.resolve([]);
  }

  htmlLinks(html: string, pageUrl: string): Promise<PageLinks> {
    return this.run('htmlLinks', { html, pageUrl }, `Reading the links of ${pageUrl}`);
  }

  async pdf(job: PdfJob): Promise<Buffer> {
    const pdf = await this.run('pdf', job, 'Rendering this PDF', '; try one page (only=true&page=…)');
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async run<T extends ConversionTask>(task: T, input: Input<T>, what: string, advice = ''): Promise<Output<T>> {
    try {
      return await this.pool.run<Output<T>>(task, input, { what });
    } catch (err) {
      if (advice && err instanceof Error && err.name === 'ApiError' && (err as { code?: number }).code === 503) err.message += advice;
      throw err;
    }
  }
}

/** Cloned Buffers arrive as Uint8Arrays: the revision writer hashes and stores Buffers. */
function asBuffers(files: ImportedFile[]): ImportedFile[] {
  return files.map((f) => ({ ...f, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) }));
}

/** Only what the thread reads of a response: an OutboundResponse may carry more than clone takes. */
function plainFetched(fetched: FetchedText): FetchedText {
  return { url: fetched.url, contentType: fetched.contentType, body: fetched.body };
}

/** Errors a conversion throws that callers tell apart by class. */
function reviveError(reply: TaskReply & { ok: false }): Error | undefined {
  return reply.error.name === 'ImportRefused' ? new ImportRefused(reply.error.message) : undefined;
}
