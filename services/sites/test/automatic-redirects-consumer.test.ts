import { CONTENT_TOPIC } from '@quire/contracts';
import { newId } from '@quire/ids';
import type { MessageBus, ReceivedMessage, Subscription } from '@quire/platform/bus';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { insertRedirect } from '../src/modules/redirects/store/site-redirects.store';
import { PAGE_MOVES_CONSUMER, subscribeToPageMoves } from '../src/modules/redirects/consumers/page-moves.consumer';
import type { PagePathChange } from '../src/modules/redirects/domain/automatic-redirects';
import { openSitesDb, seedSite, silentLogger } from './sites-db';

// The automatic-redirects consumer against a real sites database, with content's
// ListPagePathChanges answered by the test: each revision's changes are what the test says.

class CapturingBus implements MessageBus {
  subscription: Subscription | null = null;
  async publish() {}
  async subscribe(subscription: Subscription) {
    this.subscription = subscription;
  }
  async close() {}
}

const NOW = new Date('2026-01-01T00:00:00Z');

describe('automatic redirects consumer', () => {
  let db: PgliteDatabase;
  let deliver: (m: ReceivedMessage) => Promise<void>;
  const changesOf = new Map<string, PagePathChange[]>();
  const calls: string[] = [];

  const revision = (spaceId: string, changes: PagePathChange[], extra: Record<string, unknown> = {}): ReceivedMessage => {
    const revisionId = newId();
    changesOf.set(revisionId, changes);
    const data = { spaceId, organizationId: 'org1', revisionId, parents: ['before'], type: 'merge', changedPageIds: [], current: true, ...extra };
    return { topic: CONTENT_TOPIC, key: spaceId, value: JSON.stringify({ id: newId(), type: 'revision.created', occurredAt: NOW.toISOString(), data }) };
  };
  const redirectsOf = async (siteId: string) =>
    (
      await db.query<{ source: string; destination: { pageId?: string }; origin: string }>(
        'SELECT source, destination, origin FROM site_redirects WHERE site_id = $1 ORDER BY source',
        [siteId],
      )
    ).rows.map((r) => [r.source, r.destination.pageId ?? null, r.origin]);

  beforeAll(async () => {
    db = await openSitesDb();
    const bus = new CapturingBus();
    const contentPages = {
      listPagePathChanges: async ({ toRevisionId }: { toRevisionId: string }) => {
        calls.push(toRevisionId);
        return { changes: changesOf.get(toRevisionId) ?? [] };
      },
    };
    await subscribeToPageMoves({ bus, db, logger: silentLogger, clock: () => NOW, clients: { contentPages: () => contentPages } as never });
    expect(bus.subscription).toMatchObject({ groupId: PAGE_MOVES_CONSUMER, topics: [CONTENT_TOPIC] });
    deliver = (bus.subscription as Subscription).handle;
  });
  afterAll(async () => {
    await db.close();
  });

  it('redirects old addresses to the moved page; a second move keeps both old addresses on the page', async () => {
    const siteId = await seedSite(db, 'org1', ['s-moved']); // site space path p0, the default: at the site root
    await deliver(revision('s-moved', [{ pageId: 'P', kind: 'document', oldPath: 'a', newPath: 'b' }]));
    await deliver(revision('s-moved', [{ pageId: 'P', kind: 'document', oldPath: 'b', newPath: 'c' }]));
    expect(await redirectsOf(siteId)).toEqual([
      ['/a', 'P', 'automatic'],
      ['/b', 'P', 'automatic'],
    ]);
  });

  it('drops the redirect a page moved back would be shadowed by (no A→B→A)', async () => {
    const siteId = await seedSite(db, 'org1', ['s-back']);
    await deliver(revision('s-back', [{ pageId: 'P', kind: 'document', oldPath: 'a', newPath: 'b' }]));
    await deliver(revision('s-back', [{ pageId: 'P', kind: 'document', oldPath: 'b', newPath: 'a' }]));
    expect(await redirectsOf(siteId)).toEqual([['/b', 'P', 'automatic']]);
  });

  it('drops a deleted page’s automatic redirects, leaving no loop or dangling redirect', async () => {
    const siteId = await seedSite(db, 'org1', ['s-del']);
    await deliver(revision('s-del', [{ pageId: 'P', kind: 'document', oldPath: 'a', newPath: 'b' }]));
    await deliver(revision('s-del', [{ pageId: 'P', kind: 'document', oldPath: 'b' }]));
    expect(await redirectsOf(siteId)).toEqual([]);
  });

  it('never overwrites or drops a redirect a user made', async () => {
    const siteId = await seedSite(db, 'org1', ['s-user']);
    const mine = { kind: 'external' as const, url: 'https://example.com/' };
    for (const key of ['/a', '/b'])
      await insertRedirect(db, newId(), siteId, { source: key, key, draft: false, captureWildcard: false, permanent: true, destination: mine }, NOW);
    await deliver(revision('s-user', [{ pageId: 'P', kind: 'document', oldPath: 'a', newPath: 'b' }]));
    expect(await redirectsOf(siteId)).toEqual([
      ['/a', null, 'user'],
      ['/b', null, 'user'],
    ]);
  });

  it('applies an event once (a replay changes nothing) and announces the change in the same transaction', async () => {
    const siteId = await seedSite(db, 'org1', ['s-once']);
    const message = revision('s-once', [{ pageId: 'P', kind: 'document', oldPath: 'a', newPath: 'b' }]);
    await deliver(message);
    await db.query("DELETE FROM site_redirects WHERE site_id = $1 AND source = '/a'", [siteId]);
    await deliver(message);
    expect(await redirectsOf(siteId)).toEqual([]);
    const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE key = $1', [siteId]);
    expect(rows).toHaveLength(1);
    const payload = JSON.parse(rows[0]?.payload as string);
    expect(payload.type).toBe('site.redirects_changed');
    expect(payload.data).toMatchObject({ siteId, by: '', changes: [{ status: 'created', source: '/a', draft: false }] });
  });

  it('ignores change requests’ revisions (current: false) without asking content', async () => {
    const before = calls.length;
    await deliver(revision('s-cr', [{ pageId: 'P', kind: 'document', oldPath: 'a', newPath: 'b' }], { current: false }));
    expect(calls.length).toBe(before);
  });

  it('refuses a message that is not a content event (the dead-letter guard parks it)', async () => {
    await expect(
      deliver({ topic: CONTENT_TOPIC, key: 'x', value: '{"id":"1","type":"revision.created","occurredAt":"2026-01-01T00:00:00Z","data":{}}' }),
    ).rejects.toThrow(/revision\.created/);
  });
});
