import { CONTENT_TOPIC, type ContentEventEnvelope } from '@quire/contracts';
import { newId } from '@quire/ids';
import type { MessageBus, ReceivedMessage, Subscription } from '@quire/platform/bus';
import type { ContentClient, ServiceClients } from '@quire/platform/grpc';
import { Metrics } from '@quire/platform/http';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { UrlBuilder } from '@quire/urls';
import { resolvePublishedUrl } from '../src/modules/published-urls/application/resolve-published-url';
import type { PublishedUrlDeps } from '../src/modules/published-urls/application/deps';
import { loadPublishedSpaces } from '../src/modules/sites/application/published-spaces';
import { subscribeToContentEvents } from '../src/modules/sites/consumers/content-events.consumer';
import { catalogOf, projectionChangeOf } from '../src/modules/sites/domain/published-spaces';
import { findPublishedSpaces } from '../src/modules/sites/store/published-spaces.store';
import { updateSiteRow } from '../src/modules/sites/store/sites.store';
import { openSitesDb, seedSite, silentLogger } from './sites-db';

// Sites' projection of the published spaces (published_spaces): filled on a space's first use,
// refreshed from content on every event that can change what the space shows, and the only
// source of spaces when a published URL resolves.

const NOW = new Date('2026-06-01T12:00:00Z');
const PUBLIC_URL = 'https://quire.example.com';

/** Content as GetSpaces answers an anonymous caller, with every call recorded. */
class FakeContent {
  readonly spaces = new Map<string, { organizationId: string; title: string; revision: string }>();
  readonly calls: string[][] = [];
  readonly getSpaces = async ({ spaceIds }: { spaceIds: string[] }) => {
    this.calls.push(spaceIds);
    return {
      spaces: spaceIds.flatMap((id) => {
        const space = this.spaces.get(id);
        if (!space) return [];
        const presented = {
          object: 'space',
          id,
          title: space.title,
          organization: space.organizationId,
          revision: space.revision,
          updatedAt: new Date().toISOString(),
        };
        return [{ id, organizationId: space.organizationId, level: '', spaceJson: JSON.stringify(presented) }];
      }),
    };
  };
}

class CapturingBus implements MessageBus {
  subscription: Subscription | null = null;
  async publish() {}
  async subscribe(subscription: Subscription) {
    this.subscription = subscription;
  }
  async close() {}
}

const envelope = (type: string, data: Record<string, unknown>) =>
  ({ id: newId(), type, occurredAt: '2026-01-01T00:00:00Z', data }) as unknown as ContentEventEnvelope;
const message = (type: string, data: Record<string, unknown>): ReceivedMessage => ({
  topic: CONTENT_TOPIC,
  key: String(data.spaceId),
  value: JSON.stringify(envelope(type, data)),
});

describe('projectionChangeOf', () => {
  it('refreshes a space on every event that can change what it shows, forgets a purged one, ignores the rest', () => {
    const spaceId = 'sp1';
    const facts = { spaceId, organizationId: 'o' };
    for (const type of [
      'space.created',
      'space.updated',
      'space.deleted',
      'space.restored',
      'space.moved',
      'space.transferred',
      'space.custom-fields-updated',
      'change-request.merged',
      'space.gitsync-completed',
    ])
      expect(projectionChangeOf(envelope(type, facts))).toEqual({ kind: 'refresh', spaceId });
    expect(projectionChangeOf(envelope('revision.created', { ...facts, current: true }))).toEqual({ kind: 'refresh', spaceId });
    expect(projectionChangeOf(envelope('revision.created', { ...facts, current: false }))).toBeNull();
    expect(projectionChangeOf(envelope('space.purged', facts))).toEqual({ kind: 'forget', spaceId });
    for (const type of ['comment.created', 'change-request.created', 'change-request.updated', 'space.gitsync-started', 'collection.updated'])
      expect(projectionChangeOf(envelope(type, facts))).toBeNull();
  });
});

describe('catalogOf', () => {
  it("keeps live spaces of the site's organization, in the structure's order", () => {
    const space = (spaceId: string, organizationId: string, live: boolean) => ({
      spaceId,
      organizationId,
      live,
      revision: 'r',
      space: { id: spaceId, title: spaceId },
    });
    const catalog = catalogOf(
      [space('a', 'o', true), space('b', 'o', false), space('c', 'other', true), space('d', 'o', true)],
      ['d', 'c', 'b', 'a', 'x'],
      'o',
    );
    expect([...catalog.keys()]).toEqual(['d', 'a']);
    expect(catalog.get('a')).toEqual({ id: 'a', title: 'a' });
  });
});

describe('published-space projection (embedded Postgres)', () => {
  let db: PgliteDatabase;
  let content: FakeContent;
  let deliver: (m: ReceivedMessage) => Promise<void>;
  let metrics: Metrics;
  let deps: PublishedUrlDeps;

  beforeAll(async () => {
    db = await openSitesDb();
    content = new FakeContent();
    metrics = new Metrics('sites-test');
    const clients = { content: () => content as unknown as ContentClient } as unknown as ServiceClients;
    deps = { db, urls: new UrlBuilder(PUBLIC_URL), clients, clock: () => NOW, metrics, serviceSecret: 'unit-test-internal-secret-0123456789abcdef' };
    const bus = new CapturingBus();
    await subscribeToContentEvents({ bus, db, logger: silentLogger, clients, clock: () => NOW, metrics });
    deliver = (bus.subscription as Subscription).handle;
  });
  afterAll(() => db.close());

  const reads = async (source: string) => {
    const text = await metrics.registry.getSingleMetricAsString('sites_published_space_reads_total');
    return Number(new RegExp(`source="${source}"[^}]*\\} (\\d+)`).exec(text)?.[1] ?? 0);
  };

  it('fills a space on its first use only; an unknown space is kept as gone, one of another organization is left out', async () => {
    const [a, b, gone, foreign] = [newId(), newId(), newId(), newId()];
    content.spaces.set(a, { organizationId: 'org1', title: 'A', revision: 'ra' });
    content.spaces.set(b, { organizationId: 'org1', title: 'B', revision: 'rb' });
    content.spaces.set(foreign, { organizationId: 'org2', title: 'F', revision: 'rf' });
    const before = content.calls.length;
    const first = await loadPublishedSpaces(deps, [b, a, gone, foreign, a], 'org1');
    expect([...first.keys()]).toEqual([b, a]);
    expect(first.get(a)).toMatchObject({ id: a, title: 'A', revision: 'ra' });
    expect(content.calls.slice(before)).toEqual([[b, a, gone, foreign]]);
    // Again: the projection answers, content is not asked.
    const again = await loadPublishedSpaces(deps, [a, b, gone, foreign], 'org1');
    expect([...again.keys()]).toEqual([a, b]);
    expect(content.calls.length).toBe(before + 1);
    expect(await findPublishedSpaces(db, [gone, foreign])).toEqual(
      expect.arrayContaining([
        { spaceId: gone, organizationId: '', live: false, revision: '', space: { id: gone, title: '' } },
        expect.objectContaining({ spaceId: foreign, organizationId: 'org2', live: true, revision: 'rf' }),
      ]),
    );
    expect(await reads('first-use')).toBeGreaterThanOrEqual(1);
  });

  it("follows a published space's events: rename, new current revision, deletion, restore, transfer, purge", async () => {
    const a = newId();
    content.spaces.set(a, { organizationId: 'org1', title: 'Before', revision: 'r1' });
    const siteId = await seedSite(db, 'org1', [a]);
    /** The `site.published-space-refreshed` events told to the site, in order: [live, revision]. */
    const told = async () =>
      (
        await db.query<{ payload: string }>("SELECT payload FROM outbox WHERE key = $1 AND payload LIKE '%site.published-space-refreshed%' ORDER BY seq", [
          siteId,
        ])
      ).rows.map((r) => {
        const { data } = JSON.parse(r.payload) as { data: { organizationId: string; siteId: string; spaceId: string; live: boolean; revision: string } };
        expect(data).toMatchObject({ organizationId: 'org1', siteId, spaceId: a });
        return [data.live, data.revision];
      });
    const shown = async () => (await loadPublishedSpaces(deps, [a], 'org1')).get(a);
    expect(await shown()).toMatchObject({ title: 'Before', revision: 'r1' });

    content.spaces.set(a, { organizationId: 'org1', title: 'After', revision: 'r1' });
    await deliver(message('space.updated', { spaceId: a, organizationId: 'org1', fields: ['title'] }));
    expect(await shown()).toMatchObject({ title: 'After', revision: 'r1' });

    // A change request's revision changes nothing published: content is not even asked.
    const calls = content.calls.length;
    await deliver(
      message('revision.created', { spaceId: a, organizationId: 'org1', revisionId: 'cr', parents: ['r1'], type: 'edits', changedPageIds: [], current: false }),
    );
    expect(content.calls.length).toBe(calls);
    content.spaces.set(a, { organizationId: 'org1', title: 'After', revision: 'r2' });
    await deliver(
      message('revision.created', { spaceId: a, organizationId: 'org1', revisionId: 'r2', parents: ['r1'], type: 'merge', changedPageIds: [], current: true }),
    );
    expect(await shown()).toMatchObject({ revision: 'r2' });

    const deleted = content.spaces.get(a)!;
    content.spaces.delete(a);
    await deliver(message('space.deleted', { spaceId: a, organizationId: 'org1' }));
    expect(await shown()).toBeUndefined();
    expect(await findPublishedSpaces(db, [a])).toMatchObject([{ live: false, revision: '', space: { title: 'After' } }]);
    content.spaces.set(a, deleted);
    await deliver(message('space.restored', { spaceId: a, organizationId: 'org1' }));
    expect(await shown()).toMatchObject({ title: 'After', revision: 'r2' });

    content.spaces.set(a, { ...deleted, organizationId: 'org2' });
    await deliver(message('space.transferred', { spaceId: a, from: 'org1', to: 'org2', previousParent: null, customFieldValues: { moved: 0, dropped: 0 } }));
    expect(await findPublishedSpaces(db, [a])).toMatchObject([{ organizationId: 'org2', live: true }]);
    expect(await shown()).toBeUndefined();

    content.spaces.delete(a);
    await deliver(message('space.purged', { spaceId: a, organizationId: 'org2' }));
    expect(await findPublishedSpaces(db, [a])).toEqual([]);
    // Each write told the site, after it: the transfer too (the site loses the space in the same transaction); the purge found no site left.
    expect(await told()).toEqual([
      [true, 'r1'],
      [true, 'r2'],
      [false, ''],
      [true, 'r2'],
      [true, 'r2'],
    ]);
    expect(await reads('event')).toBeGreaterThanOrEqual(5);
  });

  it('does not follow a space no site shows and never projected', async () => {
    const lonely = newId();
    content.spaces.set(lonely, { organizationId: 'org1', title: 'Lonely', revision: 'r' });
    const calls = content.calls.length;
    await deliver(message('space.created', { spaceId: lonely, organizationId: 'org1', parent: null }));
    await deliver(message('space.updated', { spaceId: lonely, organizationId: 'org1', fields: ['title'] }));
    expect(content.calls.length).toBe(calls);
    expect(await findPublishedSpaces(db, [lonely])).toEqual([]);
  });

  it('resolves a published URL from the projection alone, with a new siteVersion once a rename or a new revision is projected', async () => {
    const [home, guides] = [newId(), newId()];
    content.spaces.set(home, { organizationId: 'orgR', title: 'Home', revision: 'h1' });
    content.spaces.set(guides, { organizationId: 'orgR', title: 'Guides', revision: 'g1' });
    const siteId = await seedSite(db, 'orgR', [home, guides]);
    await updateSiteRow(db, 'orgR', siteId, { basename: 'projected', published: true }, NOW);
    const url = `${PUBLIC_URL}/sites/orgR/projected/p1/start`;
    const resolve = async () => {
      const resolution = await resolvePublishedUrl(deps, { url, redirectOnError: false, tokenForm: 'full' });
      if (resolution.kind !== 'content') throw new Error(`expected content, got ${JSON.stringify(resolution)}`);
      return resolution;
    };
    const first = await resolve();
    expect(first.content).toMatchObject({ space: guides, revision: 'g1' });
    expect(first.spaceIds).toEqual([home, guides]);

    // Projected: content is never asked again, even when it would fail.
    const calls = content.calls.length;
    const failing = { content: () => ({ getSpaces: () => Promise.reject(new Error('content is down')) }) } as unknown as ServiceClients;
    const again = await resolvePublishedUrl({ ...deps, clients: failing }, { url, redirectOnError: false, tokenForm: 'full' });
    expect(again).toMatchObject({ kind: 'content', siteVersion: first.siteVersion, content: { revision: 'g1' } });
    expect(content.calls.length).toBe(calls);

    content.spaces.set(guides, { organizationId: 'orgR', title: 'Guides renamed', revision: 'g1' });
    await deliver(message('space.updated', { spaceId: guides, organizationId: 'orgR', fields: ['title'] }));
    const renamed = await resolve();
    expect(renamed.siteVersion).not.toBe(first.siteVersion);

    content.spaces.set(guides, { organizationId: 'orgR', title: 'Guides renamed', revision: 'g2' });
    await deliver(
      message('change-request.merged', {
        spaceId: guides,
        organizationId: 'orgR',
        changeRequestId: 'cr1',
        number: 1,
        status: 'merged',
        revisionId: 'cr',
        revisionMerged: 'g2',
        mergedBy: 'u1',
      }),
    );
    const merged = await resolve();
    expect(merged.content.revision).toBe('g2');
    expect(merged.siteVersion).not.toBe(renamed.siteVersion);
  });
});
