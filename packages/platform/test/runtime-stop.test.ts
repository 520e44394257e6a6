import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageBus } from '../src/bus';
import { MemoryCache } from '../src/cache';
import { createLogger } from '../src/logger';
import { createContext, startService } from '../src/runtime';
import { PgliteDatabase } from '../src/sql/pglite';

// A worker process (no gRPC bindings, e.g. insights' consumer) and the stop order every service
// follows: consumers finish and commit what they hold before the service's own parts (its
// stores) close.

it('opens no gRPC port without bindings, and stops consuming before the parts stop', async () => {
  const steps: string[] = [];
  const bus: MessageBus = {
    publish: async () => undefined,
    subscribe: async () => undefined,
    stopConsuming: async () => void steps.push('consumers stopped'),
    close: async () => undefined,
  };
  const db = await PgliteDatabase.open(undefined);
  const address = '127.0.0.1:1';
  const ctx = createContext(
    {
      name: 'insights',
      httpPort: 0,
      grpcPort: 0,
      bindHost: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      internalSecret: 'runtime-stop-test-secret',
      logLevel: 'silent',
      grpcDeadlineMs: 1000,
      grpcAddresses: { identity: address, content: address, sites: address, specs: address, insights: address, webhooks: address, reader: address },
      outboundAllowHosts: [],
    },
    { db, bus, cache: new MemoryCache(), logger: createLogger('test', 'silent') },
  );
  const running = await startService(
    {
      name: 'insights',
      migrationsDir: mkdtempSync(join(tmpdir(), 'quire-no-migrations-')),
      writesEvents: false,
      build: () => ({ routes: () => undefined, grpc: [], stop: async () => void steps.push('parts stopped') }),
    },
    ctx,
  );
  expect(running.grpcPort).toBeNull();
  expect((await fetch(`http://127.0.0.1:${running.httpPort}/healthz`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${running.httpPort}/metrics`)).status).toBe(200);
  await running.stop();
  expect(steps).toEqual(['consumers stopped', 'parts stopped']);
  await db.close();
}, 60_000);
