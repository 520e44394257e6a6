import { Worker } from 'node:worker_threads';
import { ApiError, serviceUnavailable } from '@quire/errors';
import type { TaskReply, TaskRequest } from './worker-protocol';

// CPU work of seconds on request-sized input (a 1 MB page as a document, a PDF, an imported .docx)
// runs in worker threads so the process's one event loop keeps answering meanwhile: in embedded
// mode that loop is every service's. A bounded set of threads serves a bounded queue; a task over
// its time limit has its thread terminated (the only way to stop synchronous JS) and a fresh one
// takes its place. Inputs and outputs cross by structured clone: plain data, no functions.

export interface WorkerPoolOptions {
  /** A compiled worker script (see serveWorkerTasks); resolve it with workerScript(). */
  file: string;
  /** Threads at most, started on demand. */
  size: number;
  /** Tasks waiting for a thread at most; one more is refused at once with a 503. */
  maxQueue: number;
  /** A task running longer is stopped (its thread terminated) and answered with a 503. */
  taskTimeoutMs: number;
  /** An idle thread is let go after this long (threads hold their own heap). */
  idleMs?: number;
  /** What the threads do, for the busy 503 ("The server is busy converting content"); default "running tasks". */
  work?: string;
  /** Turns an error thrown in a task back into the caller's error type (the default keeps name and message). */
  reviveError?: (error: TaskReply & { ok: false }) => Error | undefined;
}

export interface RunOptions {
  /** Overrides the pool's limit for this task. */
  timeoutMs?: number;
  /** What the task is, for the 503's message ("Converting this page to a document"). */
  what?: string;
}

interface Job {
  task: string;
  input: unknown;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

const DEFAULT_IDLE_MS = 60_000;

/** A task stopped over its time limit: a 503 like the pool's other refusals, told apart by callers that answer it otherwise. */
export class WorkerTaskTimeout extends ApiError {
  constructor(message: string) {
    super(503, message);
  }
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.size < 1) throw new Error('a worker pool needs at least one thread');
  }

  /** Runs `task` (a name the worker script serves) on `input`; answers its output. */
  run<T>(task: string, input: unknown, options: RunOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(serviceUnavailable('The service is stopping; try again shortly'));
    return new Promise<T>((resolve, reject) => {
      const job: Job = { task, input, options, resolve: resolve as (value: unknown) => void, reject };
      const idle = [...this.slots].find((s) => !s.job);
      if (idle) return this.start(idle, job);
      if (this.slots.size < this.options.size) return this.start(this.spawn(), job);
      if (this.queue.length >= this.options.maxQueue)
        return reject(
          serviceUnavailable(`The server is busy ${this.options.work ?? 'running tasks'} (${this.options.maxQueue} tasks waiting); try again shortly`),
        );
      this.queue.push(job);
    });
  }

  /** Threads started, tasks running and waiting. */
  stats(): { threads: number; running: number; queued: number } {
    return { threads: this.slots.size, running: [...this.slots].filter((s) => s.job).length, queued: this.queue.length };
  }

  /** Refuses new tasks, fails waiting ones and terminates every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(serviceUnavailable('The service is stopping; try again shortly'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, serviceUnavailable('The service is stopping; try again shortly'))));
  }

  private spawn(): Slot {
    // Not ref'd: an idle pool never keeps a process alive (tests, CLIs); a running task's caller does.
    const worker = new Worker(this.options.file);
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idleTimer: null };
    worker.on('message', (reply: TaskReply) => this.settle(slot, reply));
    worker.on('error', (err) => void this.retire(slot, err));
    worker.on('exit', (code) => void this.retire(slot, new Error(`a worker thread exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    const id = ++this.nextId;
    const timeoutMs = job.options.timeoutMs ?? this.options.taskTimeoutMs;
    slot.timer = setTimeout(() => {
      const what = job.options.what ?? `The ${job.task} task`;
      void this.retire(slot, new WorkerTaskTimeout(`${what} took longer than ${formatSeconds(timeoutMs)} and was stopped`));
    }, timeoutMs);
    slot.worker.ref();
    const request: TaskRequest = { id, task: job.task, input: job.input };
    try {
      slot.worker.postMessage(request);
    } catch (err) {
      // The input could not be cloned (a function, a symbol): the caller's mistake, not the thread's.
      this.finish(slot);
      job.reject(err as Error);
      this.next(slot);
    }
  }

  private settle(slot: Slot, reply: TaskReply): void {
    const job = slot.job;
    if (!job) return;
    this.finish(slot);
    if (reply.ok) job.resolve(reply.value);
    else job.reject(this.options.reviveError?.(reply) ?? reviveError(reply));
    this.next(slot);
  }

  /** Stops `slot`'s thread, failing its task with `reason`; a waiting task gets a fresh thread. */
  private async retire(slot: Slot, reason: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const job = slot.job;
    this.finish(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    job?.reject(reason);
    const stopping = slot.worker.terminate();
    const waiting = this.queue.shift();
    if (waiting) this.start(this.spawn(), waiting);
    await stopping.catch(() => undefined);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }

  private next(slot: Slot): void {
    const waiting = this.queue.shift();
    if (waiting) return this.start(slot, waiting);
    slot.idleTimer = setTimeout(() => void this.retire(slot, new Error('idle')), this.options.idleMs ?? DEFAULT_IDLE_MS);
    slot.idleTimer.unref();
  }
}

/** An error thrown in a task, as the caller sees it: an ApiError keeps its status, others their name and message. */
function reviveError(reply: TaskReply & { ok: false }): Error {
  if (reply.error.name === 'ApiError' && typeof reply.error.code === 'number') return new ApiError(reply.error.code, reply.error.message);
  return Object.assign(new Error(reply.error.message), { name: reply.error.name });
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
