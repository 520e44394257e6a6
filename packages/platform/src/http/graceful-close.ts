import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets the requests in flight finish (idle kept-alive connections
 * close at once), and after `timeoutMs` cuts whatever is still open. Resolves when the server is
 * closed.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Whether a process is draining: /readyz answers 503 and answers close their connections. */
export class Lifecycle {
  draining = false;

  /** A readiness check that fails while draining, so balancers stop sending new requests. */
  readonly readiness = (): Promise<void> => (this.draining ? Promise.reject(new Error('draining: shutting down')) : Promise.resolve());
}

/** SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT_MS (docs/conventions.md, Copies). */
export interface ShutdownSettings {
  /** How long /readyz answers 503 before the server stops accepting, still serving meanwhile. */
  drainMs: number;
  /** How long in-flight requests then have to finish. */
  timeoutMs: number;
}
