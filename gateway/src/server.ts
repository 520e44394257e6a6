import { createServer, type RequestListener, type Server } from 'node:http';
import { answerClientErrorsAsJson } from '@quire/platform/http';

export function listen(handler: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.listen(port, host);
    // Longer than common client and load-balancer idle timeouts, so kept-alive sockets are reused.
    server.keepAliveTimeout = 65000;
    server.headersTimeout = 66000;
    answerClientErrorsAsJson(server);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
