import express from 'express';
import { join } from 'node:path';
import type { MessageBus, Subscription } from '@quire/platform/bus';
import { MemoryCache } from '@quire/platform/cache';
import { servedRoutes } from '@quire/platform/http';
import { createLogger } from '@quire/platform/logger';
import { createContext, type ServiceContext } from '@quire/platform/runtime';
import { COMMON_MIGRATIONS_DIR, migrate } from '@quire/platform/sql';
import { PgliteDatabase } from '@quire/platform/sql/pglite';
import { INSIGHTS_EVENTS_CONSUMER } from '../src/modules/insights/consumers/insights-events.consumer';
import { insightsModule, type InsightsRole } from '../src/service';

// INSIGHTS_ROLE: the API and the consumer run as processes of their own in distributed mode,
// and together embedded or where a deployment has not split them.

const logger = createLogger('test', 'silent');
let db: PgliteDatabase;

beforeAll(async () => {
  db = await PgliteDatabase.open(undefined);
  await migrate(
    db,
    [
      { prefix: 'common', dir: COMMON_MIGRATIONS_DIR },
      { prefix: 'insights', dir: join(__dirname, '..', 'migrations') },
    ],
    logger,
  );
}, 60_000);

afterAll(() => db.close());

/** A bus that records who subscribed and delivers nothing. */
function recordingBus(): MessageBus & { groups: string[] } {
  const groups: string[] = [];
  return { groups, publish: async () => undefined, subscribe: async (s: Subscription) => void groups.push(s.groupId), close: async () => undefined };
}

function contextWith(bus: MessageBus): ServiceContext {
  const address = '127.0.0.1:1';
  return createContext(
    {
      name: 'insights',
      httpPort: 0,
      grpcPort: 0,
      bindHost: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      internalSecret: 'insights-roles-test-secret',
      logLevel: 'silent',
      grpcDeadlineMs: 1000,
      grpcAddresses: { identity: address, content: address, sites: address, specs: address, insights: address, webhooks: address, reader: address },
      outboundAllowHosts: [],
    },
    { db, bus, cache: new MemoryCache(), logger },
  );
}

async function run(role: InsightsRole | undefined) {
  const bus = recordingBus();
  const ctx = contextWith(bus);
  const parts = await insightsModule(role ? { role } : {}).build(ctx);
  await parts.start?.();
  const app = express();
  parts.routes(app);
  const routes = servedRoutes(app).length;
  await parts.stop?.();
  ctx.clients.close();
  return { ctx, consumes: bus.groups.includes(INSIGHTS_EVENTS_CONSUMER), routes, grpc: parts.grpc.length };
}

describe('insights roles', () => {
  it('api serves HTTP and gRPC and consumes nothing', async () => {
    const api = await run('api');
    expect({ consumes: api.consumes, serves: api.routes > 0, grpc: api.grpc }).toEqual({ consumes: false, serves: true, grpc: 1 });
  });

  it('consumer only consumes: no routes, no gRPC (runtime then opens no gRPC port)', async () => {
    expect(await run('consumer')).toMatchObject({ consumes: true, routes: 0, grpc: 0 });
  });

  it('all (the default, and embedded mode) does both', async () => {
    const all = await run(undefined);
    expect({ consumes: all.consumes, serves: all.routes > 0, grpc: all.grpc }).toEqual({ consumes: true, serves: true, grpc: 1 });
  });

  it("api replays the consumer's dead letters with the consumer's own handler", async () => {
    // Park a message under the consumer's name, as a consumer copy would.
    const parking = contextWith(recordingBus()).deadLetters.guard({
      groupId: INSIGHTS_EVENTS_CONSUMER,
      topics: ['insights.events'],
      handle: async () => {
        throw new TypeError('refused');
      },
    });
    await parking.handle({ topic: 'insights.events', key: 'k', value: 'not an event row', partition: 0, offset: 7 });
    const { ctx } = await run('api');
    const outcomes = await ctx.deadLetters.replayAll(INSIGHTS_EVENTS_CONSUMER);
    // The handler skips an unreadable line (it cannot be stored), so the replay succeeds.
    expect(outcomes.map((o) => o.status)).toEqual(['replayed']);
  });
});
