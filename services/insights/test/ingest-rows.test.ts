import type { ApiError } from '@quire/errors';
import { parseInput } from '@quire/input';
import { InProcessBus } from '@quire/platform/bus';
import { createLogger } from '@quire/platform/logger';
import {
  FLUSH_MAX_ROWS,
  FLUSH_MIN_BYTES,
  FLUSH_WAIT_MS,
  insightsBatchHandler,
  insightsSubscription,
  startInsightsConsumer,
} from '../src/modules/insights/consumers/insights-events.consumer';
import type { InsightsEventRow } from '../src/modules/insights/model/event-row';
import { buildEventRows } from '../src/modules/insights/domain/ingest';
import { INSIGHTS_EVENTS_TOPIC } from '../src/modules/insights/events/topics';
import { trackEventsBody } from '../src/modules/insights/http/events/events.schema';
import type { BatchOrigin, InsightsStore } from '../src/modules/insights/store/insights-store';
import { decodeEventRows, encodeEventRows } from '../src/modules/insights/domain/event-message';

const NOW = new Date('2026-06-15T12:00:00Z');
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function event(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'search_type_query',
    query: 'install',
    session: { visitorId: 'v1', sessionId: 's1', cookies: {}, userAgent: UA, language: 'en', referrer: null, visitorAuthClaims: { plan: 'pro' } },
    location: { url: 'https://docs.example.com/a', siteSection: null, siteSpace: 'ss1', siteShareKey: null, space: 'sp1', revision: 'r1', page: 'p1' },
    ...overrides,
  };
}

const ctx = { organizationId: 'org', siteId: 'site', clientIp: '8.8.8.8', now: NOW, secret: 'secret-secret-secret' };

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return `${(err as ApiError).code} ${(err as Error).message}`;
  }
  return 'no error';
}

describe('ingest', () => {
  it('builds rows with ids, ingest time, enrichment and no raw IP', () => {
    const { events } = parseInput(trackEventsBody, {
      events: [event(), event({ timestamp: '2026-06-15T11:00:00Z', session: { ...(event().session as object), ip: '1.1.1.1' } })],
    });
    const rows = buildEventRows(events, ctx);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [InsightsEventRow, InsightsEventRow];
    expect(first.event_id).not.toBe(second.event_id);
    expect(first).toMatchObject({
      organization_id: 'org',
      site_id: 'site',
      type: 'search_type_query',
      timestamp: NOW.getTime() / 1000,
      ingested_at: NOW.getTime() / 1000,
      visitor_id: 'v1',
      session_id: 's1',
      url: 'https://docs.example.com/a',
      referrer: '',
      language: 'en',
      site_section: '',
      site_space: 'ss1',
      country: 'US',
      browser: 'chrome',
      os: 'macos',
      device: 'desktop',
      is_bot: 0,
      visitor_claims: '{"plan":"pro"}',
      properties: '{"query":"install"}',
    });
    expect(second.timestamp).toBe(Date.parse('2026-06-15T11:00:00Z') / 1000);
    expect(second.visitor_hash).not.toBe(first.visitor_hash);
    expect(JSON.stringify(rows)).not.toContain('8.8.8.8');
    expect(JSON.stringify(rows)).not.toContain('1.1.1.1');
  });

  it('marks an MCP request as an agent (a bot) whatever its user agent; a page view from the same browser is not', () => {
    const { events } = parseInput(trackEventsBody, {
      events: [event({ type: 'mcp_request', query: undefined }), event({ type: 'page_view', query: undefined })],
    });
    expect(buildEventRows(events, ctx).map((row) => [row.type, row.is_bot, row.browser])).toEqual([
      ['mcp_request', 1, 'chrome'],
      ['page_view', 0, 'chrome'],
    ]);
  });

  it('derives the aggregate columns: context, referrer domain, campaign, location, claims, event details', () => {
    const session = {
      ...(event().session as object),
      ip: '8.8.8.8',
      referrer: 'https://WWW.Google.com/search?q=x',
      visitorAuthClaims: { plan: 'pro', org: { name: 'Acme', size: 12 }, groups: ['a', 'b'], beta: true },
    };
    const location = {
      ...(event().location as object),
      url: 'https://docs.example.com/a?utm_source=news%20letter&utm_medium=email&utm_campaign=spring&utm_term=t&utm_content=c',
      displayContext: 'embed',
    };
    const link = { type: 'link_click', link: { target: { url: 'https://www.github.com/x', kind: 'url' }, position: 'footer' } };
    const { events } = parseInput(trackEventsBody, {
      events: [
        event({ session, location }),
        event({ ...link, query: undefined }),
        event({ type: 'page_post_feedback_comment', query: undefined, feedback: { rating: 'bad', comment: 'Unclear' } }),
        event({ type: 'ask_rate_response', rating: -1, responseId: 'r1' }),
        event({ type: 'api_client_request', query: undefined, operation: { path: '/pets', method: 'get' } }),
        event({ type: 'ad_display', query: undefined, ad: { domain: 'ads.example.com', zoneId: 'z', placement: 'aside' } }),
        event({ type: 'trademark_click', query: undefined, placement: 'footer' }),
      ],
    });
    const [first, click, comment, ask, api, ad, trademark] = buildEventRows(events, ctx) as InsightsEventRow[];
    expect(first).toMatchObject({
      display_context: 'embed',
      referrer_domain: 'google.com',
      utm_source: 'news letter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 't',
      utm_content: 'c',
      visitor_claim_keys: ['plan', 'org.name', 'org.size', 'groups', 'groups', 'beta'],
      visitor_claim_values: ['pro', 'Acme', '12', 'a', 'b', 'true'],
      link_target_kind: '',
      ask_rating: 0,
      feedback_rating: '',
    });
    expect(first?.geo_h3).toMatch(/^\d{18,19}$/);
    expect(first?.geo_lat).not.toBe(0);
    expect(click).toMatchObject({
      display_context: 'site',
      referrer_domain: '',
      utm_source: '',
      link_target_kind: 'url',
      link_target_value: '{"kind":"url","url":"https://www.github.com/x"}',
      link_target_domain: 'github.com',
      link_position: 'footer',
    });
    expect(comment).toMatchObject({ feedback_rating: 'bad', feedback_comment: 'Unclear' });
    expect(ask).toMatchObject({ ask_rating: -1 });
    expect(api).toMatchObject({ api_operation_path: '/pets', api_operation_method: 'get' });
    expect(ad).toMatchObject({ ad_domain: 'ads.example.com', ad_placement: 'aside' });
    expect(trademark).toMatchObject({ trademark_placement: 'footer' });
    // A private IP has no location.
    const [local] = buildEventRows(
      parseInput(trackEventsBody, { events: [event({ session: { ...(event().session as object), ip: '10.0.0.1' } })] }).events,
      ctx,
    ) as InsightsEventRow[];
    expect(local).toMatchObject({ geo_lat: 0, geo_lon: 0, geo_h3: '0', country: '' });
  });

  it('reads campaign parameters whatever the case or escapes of their names, and none from a URL without any', () => {
    const rows = buildEventRows(
      parseInput(trackEventsBody, {
        events: [
          event({ location: { ...(event().location as object), url: 'https://docs.example.com/a?%75tm_source=escaped&UTM_MEDIUM=upper' } }),
          event({ location: { ...(event().location as object), url: 'https://docs.example.com/utm-guide' } }),
        ],
      }).events,
      ctx,
    );
    expect(rows[0]).toMatchObject({ utm_source: 'escaped', utm_medium: '' });
    expect(rows[1]).toMatchObject({ utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' });
  });

  it('names the index and field of an invalid event', () => {
    const session = { ...(event().session as object) } as Record<string, unknown>;
    delete session.visitorId;
    expect(failure(() => parseInput(trackEventsBody, { events: [event(), event(), event(), event({ session })] }))).toMatch(
      /^400 .*"events\.3\.session\.visitorId"/,
    );
    expect(failure(() => parseInput(trackEventsBody, { events: [event({ type: 'nope' })] }))).toMatch(/"events\.0\.type"/);
    expect(failure(() => parseInput(trackEventsBody, { events: [event({ location: undefined })] }))).toMatch(/"events\.0\.location"/);
    expect(failure(() => parseInput(trackEventsBody, { events: new Array(1001).fill({}) }))).toMatch(/^400 .*"events"/);
  });

  it('rejects timestamps in the future or outside the retention window', () => {
    const future = parseInput(trackEventsBody, { events: [event(), event({ timestamp: '2026-06-15T12:06:00Z' })] }).events;
    expect(failure(() => buildEventRows(future, ctx))).toMatch(/^400 .*"events\.1\.timestamp"/);
    const old = parseInput(trackEventsBody, { events: [event({ timestamp: '2025-04-01T00:00:00Z' })] }).events;
    expect(failure(() => buildEventRows(old, ctx))).toMatch(/^400 .*"events\.0\.timestamp".*retention/);
    const skewed = parseInput(trackEventsBody, { events: [event({ timestamp: '2026-06-15T12:04:00Z' })] }).events;
    expect(buildEventRows(skewed, ctx)).toHaveLength(1);
  });
});

// The consumer only needs the store's insert.
class FlakyStore implements Pick<InsightsStore, 'insert'> {
  rows: InsightsEventRow[] = [];
  failures = 0;
  origins: Array<BatchOrigin | undefined> = [];
  async insert(rows: InsightsEventRow[], origin?: BatchOrigin, _jsonLines?: string) {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('store down');
    }
    this.rows.push(...rows);
    this.origins.push(origin);
    return 0;
  }
}

describe('insights consumer', () => {
  it('retries a failed insert until it succeeds, losing nothing', async () => {
    const bus = new InProcessBus(createLogger('test', 'silent'));
    const store = new FlakyStore();
    store.failures = 2;
    await startInsightsConsumer({ bus, logger: createLogger('test', 'silent') }, store);
    const { events } = parseInput(trackEventsBody, { events: [event(), event(), event()] });
    const rows = buildEventRows(events, ctx);
    await bus.publish(INSIGHTS_EVENTS_TOPIC, [
      { key: 'site', value: encodeEventRows(rows.slice(0, 2)) },
      { key: 'site', value: encodeEventRows(rows.slice(2)) },
    ]);
    const deadline = Date.now() + 5000;
    while (store.rows.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(store.rows.map((r) => r.event_id)).toEqual(rows.map((r) => r.event_id));
    await bus.close();
  });

  it('skips unreadable lines and inserts whole messages, at most 10,000 rows at a time, with their Kafka origin', async () => {
    const store = new FlakyStore();
    const sizes: number[] = [];
    const jsonRows: unknown[] = [];
    const insert = store.insert.bind(store);
    store.insert = async (rows, origin, jsonLines) => {
      sizes.push(rows.length);
      // Read as a store reads them: the columns a line leaves out are their type's default.
      jsonRows.push(...decodeEventRows(jsonLines ?? '').rows);
      return insert(rows, origin);
    };
    const row = buildEventRows(parseInput(trackEventsBody, { events: [event()] }).events, ctx)[0] as InsightsEventRow;
    // 60 messages of 200 rows on partition 3 from offset 500; one message has a broken line.
    const messages = Array.from({ length: 60 }, (_, m) => ({
      topic: 't',
      partition: 3,
      offset: 500 + m,
      key: 'site',
      value: encodeEventRows(Array.from({ length: 200 }, (_, i) => ({ ...row, event_id: `e${m}-${i}` }))) + (m === 7 ? '\nnot json' : ''),
    }));
    await insightsBatchHandler(store, { logger: createLogger('test', 'silent') })(messages);
    expect(sizes).toEqual([10_000, 2_000]);
    expect(store.origins).toEqual([
      { topic: 't', partition: 3, firstOffset: 500, lastOffset: 549 },
      { topic: 't', partition: 3, firstOffset: 550, lastOffset: 559 },
    ]);
    expect(new Set(store.rows.map((r) => r.event_id)).size).toBe(12_000);
    // The same rows go along as the JSON lines they came as, without the broken line (compared
    // by ids first: a failing comparison of 12,000 rows would take jest minutes to print).
    expect(jsonRows.map((r) => (r as InsightsEventRow).event_id)).toEqual(store.rows.map((r) => r.event_id));
    expect(jsonRows).toEqual(store.rows);
  });

  it('encodes rows as JSON lines and reads back only well-formed rows', () => {
    const rows = buildEventRows(parseInput(trackEventsBody, { events: [event(), event()] }).events, ctx);
    const encoded = encodeEventRows(rows);
    expect(decodeEventRows(encoded)).toEqual({ rows, jsonLines: encoded, unreadable: 0 });
    expect(decodeEventRows(`${JSON.stringify(rows[0])}\n{"event_id":1}\n[`)).toEqual({ rows: [rows[0]], jsonLines: JSON.stringify(rows[0]), unreadable: 2 });
  });

  it('leaves the columns holding their type default out of a line, and reads them back in', () => {
    const events = parseInput(trackEventsBody, {
      events: [
        event({ type: 'page_view', query: undefined, session: { ...(event().session as object), visitorAuthClaims: undefined } }),
        event(),
        event({ type: 'link_click', query: undefined, link: { target: { kind: 'url', url: 'https://www.example.org/x' }, position: 'content' } }),
        event({ type: 'page_post_feedback', query: undefined, feedback: { rating: 'good' } }),
      ],
    }).events;
    const rows = buildEventRows(events, ctx);
    const encoded = encodeEventRows(rows);
    const [pageView] = encoded.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    // Identity, the non-empty columns and display_context are written; '' and 0 and [] are not.
    expect(pageView).toMatchObject({ event_id: rows[0]!.event_id, site_id: 'site', type: 'page_view', display_context: 'site', geo_h3: rows[0]!.geo_h3 });
    for (const column of ['utm_source', 'link_target_kind', 'feedback_rating', 'ask_rating', 'visitor_claim_keys', 'referrer'])
      expect(pageView).not.toHaveProperty(column);
    expect(Object.values(pageView!).filter((v) => v === '' || v === 0 || (Array.isArray(v) && v.length === 0))).toEqual([]);
    expect(Buffer.byteLength(encoded)).toBeLessThan(0.75 * Buffer.byteLength(rows.map((r) => JSON.stringify(r)).join('\n')));
    const decoded = decodeEventRows(encoded);
    expect(decoded.rows).toEqual(rows);
    expect(decoded.rows.map((r) => Object.keys(r).sort())).toEqual(rows.map((r) => Object.keys(r).sort()));
    expect(decoded.rows[2]).toMatchObject({ link_target_kind: 'url', link_target_domain: 'example.org', link_position: 'content' });
  });

  it('asks the broker for batches of about FLUSH_MAX_ROWS rows or FLUSH_WAIT_MS, not the bus default of 1 MiB', () => {
    const subscription = insightsSubscription({ logger: createLogger('test', 'silent') }, { insert: async () => 0 });
    expect(subscription).toMatchObject({ batchWaitMs: FLUSH_WAIT_MS, batchMinBytes: FLUSH_MIN_BYTES });
    // A page view's row as it travels: the min bytes hold most of an insert's rows, far more than 1 MiB does.
    const pageView = event({
      type: 'page_view',
      query: undefined,
      session: { ...(event().session as object), visitorId: 'v'.repeat(32), sessionId: 's'.repeat(32), visitorAuthClaims: undefined },
    });
    const rowBytes = Buffer.byteLength(encodeEventRows(buildEventRows(parseInput(trackEventsBody, { events: [pageView] }).events, ctx)));
    expect(FLUSH_MIN_BYTES / rowBytes).toBeGreaterThan(FLUSH_MAX_ROWS * 0.75);
    expect((1024 * 1024) / rowBytes).toBeLessThan(FLUSH_MAX_ROWS / 5);
  });
});
