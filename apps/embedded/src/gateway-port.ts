import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { listen } from '@quire/gateway';

// The gateway's port is bound before anything else starts: a first start creates the admin, the
// organization and the token it shows only once, so a port that cannot be had must fail the start
// before that, not after. Until the services are up, the port answers 503 (readiness included).

/** The port could not be bound: the one line `npm start` prints instead of a stack. */
export class PortUnavailable extends Error {
  override name = 'PortUnavailable';
}

export interface BoundPort {
  server: Server;
  /** Hands the port's requests to the gateway once everything behind it is up. */
  serve(handler: RequestListener): void;
}

function starting(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
  res.end(JSON.stringify({ error: { code: 503, message: 'Quire is starting; try again shortly' } }));
}

/** Binds `port` on `host` now, answering 503 until `serve`; a port in use or not allowed is a PortUnavailable. */
export async function bindGatewayPort(port: number, host: string): Promise<BoundPort> {
  let handler: RequestListener = starting;
  try {
    const server = await listen((req, res) => handler(req, res), port, host);
    return { server, serve: (ready) => (handler = ready) };
  } catch (err) {
    throw portProblem(err, port, host) ?? err;
  }
}

function portProblem(err: unknown, port: number, host: string): PortUnavailable | undefined {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new PortUnavailable(`port ${port} is in use: set PORT`);
  if (code === 'EACCES') return new PortUnavailable(`port ${port} needs privileges this user lacks: set PORT`);
  if (code === 'EADDRNOTAVAIL') return new PortUnavailable(`${host} is not an address of this machine: set BIND_HOST`);
  return undefined;
}
