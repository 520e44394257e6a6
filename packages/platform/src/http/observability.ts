import type { Express, NextFunction, Request, Response } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { withTimeout } from '@quire/helpers';

/** A Prometheus registry per process with default metrics and HTTP request metrics. */
export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route'>;
  /** Messages a consumer parked as dead letters (dead-letters/dead-letters.ts). */
  readonly deadLetters: Counter<'consumer'>;

  constructor(processName: string) {
    this.registry.setDefaultLabels({ process: processName });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'quire_http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'quire_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.deadLetters = new Counter({
      name: 'quire_dead_letters_total',
      help: 'Messages a consumer could not apply for a reason a retry cannot fix, parked in dead_letters',
      labelNames: ['consumer'],
      registers: [this.registry],
    });
  }

  /**
   * Each label set's counter and histogram, found once: prom-client hashes a label object on every
   * call, a cost every request paid twice. Bounded like the labels themselves (methods Node's parser
   * knows, route families, statuses).
   */
  private readonly series = new Map<string, { requests: { inc(): void }; duration: { observe(seconds: number): void } }>();

  /** Records one request; `route` is a bounded label (a route family), never a raw path. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = { requests: this.requests.labels({ method, route, status: String(status) }), duration: this.duration.labels({ method, route }) };
      this.series.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(seconds);
  }
}

export type ReadinessCheck = () => Promise<void>;

/** /healthz (alive), /readyz (dependencies answer), /metrics (Prometheus text). */
export function mountHealthRoutes(app: Express, metrics: Metrics, checks: Record<string, ReadinessCheck>): void {
  app.get('/healthz', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req: Request, res: Response) => {
    const results: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 1500);
          results[name] = 'ok';
        } catch (err) {
          ready = false;
          results[name] = (err as Error).message || 'unavailable';
        }
      }),
    );
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks: results });
  });
  app.get('/metrics', async (_req: Request, res: Response, next: NextFunction) => {
    try {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (err) {
      next(err);
    }
  });
}
