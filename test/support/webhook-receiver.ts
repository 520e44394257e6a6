import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver as a real one runs: a node HTTP server in the test process, whose answer
// each test sets per path. It listens on every address, so a request to a refused one (127.0.0.2)
// would be seen if it were ever sent.

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  localAddress: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

/** What a path answers to its n-th request (0-based); the default is 200. */
export type Responder = (request: ReceivedRequest, n: number) => Answer;

export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly responders = new Map<string, Responder>();
  private server: Server | null = null;
  private readonly delayed = new Set<NodeJS.Timeout>();
  port = 0;

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const request: ReceivedRequest = {
          path,
          method: req.method ?? 'GET',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          localAddress: req.socket.localAddress ?? '',
          at: Date.now(),
        };
        const n = this.requests.filter((r) => r.path === path).length;
        this.requests.push(request);
        const answer: Answer = (this.responders.get(path) ?? (() => ({ status: 200, body: 'ok' })))(request, n);
        const send = () => res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
        if (!answer.delayMs) return send();
        const timer = setTimeout(() => {
          this.delayed.delete(timer);
          send();
        }, answer.delayMs);
        this.delayed.add(timer);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', resolve);
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Stops listening: requests fail to connect until `start(this.port)` again. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  on(path: string, responder: Responder): void {
    this.responders.set(path, responder);
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** The JSON bodies POSTed to `path`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- webhook payloads are checked field by field
  payloads(path: string): any[] {
    return this.to(path)
      .filter((r) => r.method === 'POST')
      .map((r) => JSON.parse(r.body));
  }
}
