import { ApiError, DependencyUnavailableError } from '@quire/errors';
import { WorkerPool, WorkerTaskTimeout, workerScript } from '@quire/platform/workers';
import type { SpecParseSettings } from '../../../settings';
import type { SpecCheck } from './spec-document';
import { SPEC_DOCUMENT_TASKS, type SpecItem } from './spec-document-tasks';

// Parsing and validating a large spec is seconds of synchronous work (GitHub's description as a 9 MB
// YAML: 3.5 s to parse, 5.5 s to validate), and in embedded mode the event loop is every service's.
// So that work runs in worker threads (the platform's WorkerPool): every validation (even a tiny
// document's costs 50–100 ms, the parser compiling its schemas), and the parse of a stored document of
// `inlineBytes` or more; a smaller one is parsed inline, where it costs less than the round trip.
// docs/specs.md, "Parsing off the event loop".

type Task = keyof typeof SPEC_DOCUMENT_TASKS;
type Input<T extends Task> = Parameters<(typeof SPEC_DOCUMENT_TASKS)[T]>[0];
type Output<T extends Task> = Awaited<ReturnType<(typeof SPEC_DOCUMENT_TASKS)[T]>>;

export class SpecDocuments {
  private readonly pool: WorkerPool;

  constructor(private readonly settings: SpecParseSettings) {
    this.pool = new WorkerPool({
      file: workerScript(__dirname, 'spec-document-worker'),
      size: settings.threads,
      maxQueue: settings.maxQueue,
      taskTimeoutMs: settings.timeoutMs,
      work: 'parsing OpenAPI documents',
    });
  }

  /**
   * checkSpecDocument's answer, from a thread. A check over the time limit, or whose thread died (out of memory),
   * is a failed check: the same document would fail again. A full queue or a stopping service
   * throws DependencyUnavailableError, so the processing job is delivered again later.
   */
  async check(text: string): Promise<SpecCheck> {
    try {
      return await this.run('check', text, 'Validating this document');
    } catch (err) {
      if (err instanceof WorkerTaskTimeout) return { ok: false, errors: [{ code: 'TIMEOUT', message: err.message }], errorCount: 1 };
      if (err instanceof ApiError) throw new DependencyUnavailableError(err.message, { cause: err });
      return { ok: false, errors: [{ code: 'INVALID', message: `The document could not be validated: ${(err as Error).message}` }], errorCount: 1 };
    }
  }

  /**
   * Items of a stored version's document (operations, webhooks, schemas), each as its view's JSON
   * ('' when the document has none there); undefined when the document could not be read now (over
   * the time limit, the queue full, stopping): the caller answers not found and asks again next time.
   */
  async items(versionId: string, text: string, items: readonly SpecItem[]): Promise<string[] | undefined> {
    const input = { key: versionId, text, items: [...items] };
    if (!this.isLarge(text)) return SPEC_DOCUMENT_TASKS.items(input);
    return this.run('items', input, 'Parsing this document').catch(() => undefined);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private isLarge(text: string): boolean {
    // Length first: a string's UTF-8 size is at least its length, at most three times it.
    return text.length >= this.settings.inlineBytes || Buffer.byteLength(text, 'utf8') >= this.settings.inlineBytes;
  }

  private run<T extends Task>(task: T, input: Input<T>, what: string): Promise<Output<T>> {
    return this.pool.run<Output<T>>(task, input, { what });
  }
}
