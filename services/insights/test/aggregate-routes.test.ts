import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import type { SitesClient } from '@quire/platform/grpc';
import { finishServiceApp } from '@quire/platform/http';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb, silentLogger } from '../../../test/support/service-db';
import { aggregateRoutes } from '../src/modules/insights/http/aggregate/aggregate.routes';
import { SiteLevels } from '../src/modules/insights/domain/site-levels';
import type { InsightsQueryDeps } from '../src/modules/insights/application/deps';
import { visitorSegmentsRoutes } from '../src/modules/insights/http/visitor-segments/visitor-segments.routes';
import { EmbeddedInsightsStore } from '../src/modules/insights/store/embedded/embedded-store';
import { contractRows, NOW, ORG, SITE } from './store-fixtures';

// The two read routes over the embedded store, with a stubbed sites service (the caller's level): status codes,
// authorization and the reference shapes (the e2e test covers them through the whole stack).

describe('insights read routes', () => {
  let db: PgliteDatabase;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    db = await openServiceDb('insights', join(__dirname, '..', 'migrations'));
    const store = new EmbeddedInsightsStore(db);
    await store.insert(contractRows());
    const deps = {
      store,
      clock: () => NOW,
      siteLevels: new SiteLevels(
        () =>
          ({
            getSiteLevel: async (req: { organizationId: string; siteId: string; userId: string }) => ({
              level: req.organizationId === ORG && req.siteId === SITE && req.userId === 'member' ? 'read' : '',
            }),
          }) as unknown as SitesClient,
      ),
    } as unknown as InsightsQueryDeps;
    const app = express();
    app.use((req, _res, next) => {
      req.principal = { userId: req.header('x-user') ?? '' } as typeof req.principal;
      next();
    });
    app.use(express.json());
    app.use(aggregateRoutes(deps), visitorSegmentsRoutes(deps));
    finishServiceApp(app, silentLogger);
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/orgs`;
  });
  afterAll(async () => {
    server.close();
    await db.close();
  });

  const post = (path: string, body: unknown, user = 'member') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': user }, body: JSON.stringify(body) });

  it('aggregates for a member', async () => {
    const res = await post(`/${ORG}/sites/${SITE}/insights/events/aggregate`, { range: 'lastYear', select: [{ column: 'eventsCount' }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ columns: [{ column: 'eventsCount', values: [640] }] });
  });

  it('answers 400 naming the field, 404 for a non-member or a site of another organization', async () => {
    const bad = await post(`/${ORG}/sites/${SITE}/insights/events/aggregate`, { range: 'last7Days', select: [{ column: 'visitorClaim' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('select.0.claim');
    expect((await post(`/${ORG}/sites/${SITE}/insights/events/aggregate`, { range: 'last7Days' }, 'stranger')).status).toBe(404);
    expect((await post(`/other-org/sites/${SITE}/insights/events/aggregate`, { range: 'last7Days' })).status).toBe(404);
  });

  it('lists visitor segments, paginated', async () => {
    const res = await fetch(`${base}/${ORG}/sites/${SITE}/insights/visitor-segments?limit=1`, { headers: { 'x-user': 'member' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { title: string }[]; count: number; next?: { page: string } };
    expect(body.count).toBe(2);
    // Equal event counts: ties go to the claims' byte order.
    expect(body.items).toEqual([{ title: 'plan: free, role: admin', claims: { plan: 'free', role: 'admin' }, events: 64, visitors: 28, sessions: 41 }]);
    expect(body.next?.page).toEqual(expect.any(String));
  });
});
