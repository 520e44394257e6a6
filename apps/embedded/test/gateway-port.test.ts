import { createServer, type Server } from 'node:net';
import { close } from '@quire/gateway';
import { bindGatewayPort, PortUnavailable } from '../src/gateway-port';

const taken = (): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

describe('the gateway port, bound before anything starts', () => {
  it('refuses a port in use with the one line to print', async () => {
    const other = await taken();
    const port = (other.address() as { port: number }).port;
    try {
      const refused = bindGatewayPort(port, '127.0.0.1');
      await expect(refused).rejects.toBeInstanceOf(PortUnavailable);
      await expect(refused).rejects.toThrow(`port ${port} is in use: set PORT`);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('answers 503 JSON until the gateway is handed the port, then the gateway answers', async () => {
    const bound = await bindGatewayPort(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(bound.server.address() as { port: number }).port}/readyz`;
    try {
      const before = await fetch(url);
      expect(before.status).toBe(503);
      expect(await before.json()).toEqual({ error: { code: 503, message: 'Quire is starting; try again shortly' } });
      bound.serve((_req, res) => res.writeHead(200).end('ready'));
      const after = await fetch(url);
      expect({ status: after.status, text: await after.text() }).toEqual({ status: 200, text: 'ready' });
    } finally {
      await close(bound.server);
    }
  });
});
