import type { RequestHandler } from 'express';

/**
 * Lets work that can wait (search indexing) give way to the requests this process serves. In
 * embedded mode the database and every service share one thread, so an index step that starts
 * while an import is answered delays that import; in distributed mode it spares the process's CPU.
 * Only a pacing hint, held per process: nothing depends on it for correctness, and a step waits at
 * most `maxWaitMs`, so a steady stream of requests slows indexing down but never stops it.
 */
export class ForegroundGate {
  private inFlight = 0;
  private lastLeftAt = 0;
  private readonly waiters = new Set<() => void>();

  /** @param quietMs how long no request must have been in flight (a client's next call follows its last answer closely). */
  constructor(private readonly quietMs = 30) {}

  /** Counts each request from its arrival until its answer is sent or the client leaves. */
  readonly middleware: RequestHandler = (_req, res, next) => {
    this.inFlight++;
    res.once('close', () => this.leave());
    next();
  };

  /** Resolves once no request has been in flight for `quietMs`, or after `maxWaitMs` whatever happens. */
  async quiet(maxWaitMs: number): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    while (Date.now() < deadline) {
      const quietFor = this.inFlight === 0 ? Date.now() - this.lastLeftAt : -1;
      if (quietFor >= this.quietMs) return;
      const wait = Math.min(deadline - Date.now(), quietFor >= 0 ? this.quietMs - quietFor : maxWaitMs);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, wait);
        this.waiters.add(wake);
      });
    }
  }

  private leave(): void {
    this.inFlight--;
    this.lastLeftAt = Date.now();
    // Waiters re-check: they still owe `quietMs` of silence from now.
    if (this.inFlight === 0) for (const wake of [...this.waiters]) wake();
  }
}
