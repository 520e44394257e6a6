/**
 * Renders in flight per answer-cache key, in this process: a second request for a key whose
 * render has not settled joins it rather than starting another, so a crowd asking a slow answer
 * (`llms-full.txt` of a large site) or a page version nobody has asked yet costs one render. A render runs to its end whoever still
 * waits for it — a visitor answered 503 at the answer timeout included — so what it keeps in the
 * cache is there for the next request.
 */
export class RenderFlights {
  private readonly flights = new Map<string, Promise<unknown>>();

  /** The render of `key` in flight, or `render()` started now; forgotten once it settles. */
  join<T>(key: string, render: () => Promise<T>): Promise<T> {
    const current = this.flights.get(key);
    if (current) return current as Promise<T>;
    const flight = Promise.resolve()
      .then(render)
      .finally(() => this.flights.delete(key));
    this.flights.set(key, flight);
    // A render nobody waits for any more must not fail the process when it fails.
    flight.catch(() => undefined);
    return flight;
  }

  /** Whether a render of `key` is in flight: a request that calls join now joins it. */
  has(key: string): boolean {
    return this.flights.has(key);
  }

  /** Renders in flight (a gauge, and tests). */
  get size(): number {
    return this.flights.size;
  }
}
