import http, { type RequestListener } from 'node:http';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Logger } from '@quire/platform/logger';

/** One copy of a service: where it listens, whether it takes requests, how many it has now. */
export interface Upstream {
  readonly key: string;
  readonly host: string;
  readonly port: number;
  up: boolean;
  pending: number;
  /** The copy's request listener when it runs in this process (embedded mode), for requests without a body. */
  readonly listener?: RequestListener;
}

export interface PoolOptions {
  /** How often each copy's /readyz is asked (only when the service has several copies). */
  probeIntervalMs: number;
  /** How often host names are resolved again (a scaled compose service, a headless Service). */
  resolveIntervalMs: number;
}

const PROBE_TIMEOUT_MS = 1000;

/**
 * The copies of one service, from its URL setting: a comma-separated list of base URLs, each of
 * which may be a host name that resolves to several addresses. Requests go to the copy with the
 * fewest requests in flight (ties in turn), so a slow copy gets less work. A copy that refuses a
 * connection, or whose /readyz does not answer 200 (it is draining or its database is down), is
 * out of rotation until its /readyz answers 200 again. With every copy out, all are tried: a
 * guess beats a certain 503. `inProcess`: the service's request listener when its one copy runs in
 * this process (embedded mode).
 */
export class UpstreamPool {
  private upstreams: Upstream[] = [];
  private turn = 0;
  private timers: NodeJS.Timeout[] = [];
  private readonly probeAgent = new http.Agent({ keepAlive: false });

  constructor(
    readonly service: string,
    private readonly baseUrls: URL[],
    private readonly logger: Logger,
    private readonly options: PoolOptions,
    private readonly inProcess?: RequestListener,
  ) {
    if (inProcess && baseUrls.length !== 1) throw new Error(`A service in this process has one address, not ${baseUrls.length} (${service})`);
    this.upstreams = baseUrls.map((u) => makeUpstream(u.hostname, portOf(u), inProcess));
  }

  static fromSetting(service: string, setting: string, logger: Logger, options: PoolOptions, inProcess?: RequestListener): UpstreamPool {
    const urls = setting
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => new URL(s));
    if (urls.length === 0) throw new Error(`No address for the ${service} service`);
    return new UpstreamPool(service, urls, logger, options, inProcess);
  }

  get size(): number {
    return this.upstreams.length;
  }

  /** Resolves host names and starts probing; resolves once the first resolution is done. */
  async start(): Promise<void> {
    if (this.baseUrls.some((u) => isIP(unbracket(u.hostname)) === 0)) {
      await this.resolve();
      this.every(this.options.resolveIntervalMs, () => this.resolve());
    }
    this.every(this.options.probeIntervalMs, () => this.probeAll());
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** The copy to send the next request to, other than `except` when there is another. */
  pick(except?: Upstream): Upstream | undefined {
    const all = this.upstreams.filter((u) => u !== except);
    const candidates = all.filter((u) => u.up);
    const from = candidates.length ? candidates : all;
    if (from.length === 0) return undefined;
    const start = this.turn++ % from.length;
    let best = from[start] as Upstream;
    for (let i = 1; i < from.length; i++) {
      const u = from[(start + i) % from.length] as Upstream;
      if (u.pending < best.pending) best = u;
    }
    return best;
  }

  /** A connection to the copy was refused: out of rotation until its probe answers. */
  markDown(upstream: Upstream, reason: string): void {
    if (!upstream.up) return;
    upstream.up = false;
    this.logger.warn({ service: this.service, upstream: upstream.key, reason }, 'service copy out of rotation');
  }

  private every(ms: number, run: () => Promise<void>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      run()
        .catch((err: Error) => this.logger.warn({ service: this.service, err: err.message }, 'upstream pool upkeep failed'))
        .finally(() => (busy = false));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private async resolve(): Promise<void> {
    const next: Upstream[] = [];
    for (const url of this.baseUrls) {
      const host = unbracket(url.hostname);
      const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
      for (const address of addresses) {
        const key = `${address}:${portOf(url)}`;
        if (next.some((u) => u.key === key)) continue;
        next.push(this.upstreams.find((u) => u.key === key) ?? makeUpstream(address, portOf(url), this.inProcess));
      }
    }
    // A name that does not resolve right now keeps the copies it had.
    if (next.length === 0) return;
    const added = next.filter((u) => !this.upstreams.includes(u)).map((u) => u.key);
    const removed = this.upstreams.filter((u) => !next.includes(u)).map((u) => u.key);
    if (added.length || removed.length) this.logger.info({ service: this.service, added, removed }, 'service copies changed');
    this.upstreams = next;
  }

  private async probeAll(): Promise<void> {
    if (this.upstreams.length < 2) return;
    await Promise.all(
      this.upstreams.map(async (u) => {
        const ready = await this.probe(u);
        if (ready && !u.up) this.logger.info({ service: this.service, upstream: u.key }, 'service copy back in rotation');
        if (!ready) this.markDown(u, 'not ready');
        else u.up = true;
      }),
    );
  }

  private probe(u: Upstream): Promise<boolean> {
    return new Promise((resolve) => {
      const req = http.get({ host: u.host, port: u.port, path: '/readyz', agent: this.probeAgent, timeout: PROBE_TIMEOUT_MS }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(false));
    });
  }
}

function makeUpstream(host: string, port: number, listener?: RequestListener): Upstream {
  const bare = unbracket(host);
  return { key: `${isIP(bare) === 6 ? `[${bare}]` : bare}:${port}`, host: bare, port, up: true, pending: 0, listener };
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function unbracket(host: string): string {
  return host.startsWith('[') ? host.slice(1, -1) : host;
}
