import { planAggregate, type AggregateQueryInput } from '../src/domain/aggregate-query';
import { presentAggregate, type AggregateResult } from '../src/domain/aggregate-result';
import type { InsightsEventRow } from '../src/domain/event-row';
import type { BatchOrigin, InsightsStore } from '../src/store/insights-store';
import { contractRows, NOW, ORG, row, SCOPE, siteRows } from './store-fixtures';

// The behaviour both stores must share: the same rows in, the same answers out. Expected values
// are computed from the rows in plain TypeScript.

const DAY = 86_400;
const origin = (partition: number, firstOffset: number, lastOffset: number): BatchOrigin => ({ topic: 'insights.events', partition, firstOffset, lastOffset });
const distinct = (rows: InsightsEventRow[], key: (r: InsightsEventRow) => string): number => new Set(rows.map(key)).size;
const visitorKey = (r: InsightsEventRow): string => r.visitor_id || r.visitor_hash;

function column(result: AggregateResult, name: string): unknown[] {
  const found = result.columns.find((c) => c.column === name);
  if (!found) throw new Error(`no column ${name}`);
  return found.values;
}

export function describeStoreContract(name: string, open: () => Promise<InsightsStore>, close: (store: InsightsStore) => Promise<void>): void {
  describe(`${name}: the insights store contract`, () => {
    let store: InsightsStore;
    const rows = contractRows();
    const mine = siteRows(rows);
    const nowS = Math.floor(NOW.getTime() / 1000);
    const query = async (input: AggregateQueryInput): Promise<AggregateResult> => {
      const plan = planAggregate(input, NOW);
      return presentAggregate(plan, await store.aggregate(SCOPE, plan));
    };

    beforeAll(async () => {
      store = await open();
      await store.migrate();
      await store.migrate();
      expect(await store.insert(rows, origin(0, 0, 9))).toBe(0);
      // The same batch delivered again (its offsets were not committed): stored once.
      expect(await store.insert(rows.slice(0, 300), origin(0, 0, 4))).toBe(300);
    });
    afterAll(async () => {
      await close(store);
    });

    it('counts events, sessions and visitors per day over 30 days, every day present', async () => {
      const result = await query({
        select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }, { column: 'sessionsCount' }, { column: 'visitorsCount' }],
        groupBy: [{ column: 'datetime', interval: 'day' }],
        range: 'last30Days',
      });
      const firstDay = Math.floor((nowS - 30 * DAY) / DAY) * DAY;
      const days = Array.from({ length: 31 }, (_, i) => firstDay + i * DAY);
      expect(column(result, 'datetime')).toEqual(days.map((d) => new Date(d * 1000).toISOString()));
      const inDay = (d: number) => mine.filter((r) => r.timestamp >= Math.max(d, nowS - 30 * DAY) && r.timestamp < d + DAY && r.timestamp <= nowS);
      expect(column(result, 'eventsCount')).toEqual(days.map((d) => inDay(d).length));
      expect(column(result, 'sessionsCount')).toEqual(days.map((d) => distinct(inDay(d), (r) => r.session_id)));
      expect(column(result, 'visitorsCount')).toEqual(days.map((d) => distinct(inDay(d), visitorKey)));
      expect((column(result, 'eventsCount') as number[]).reduce((a, b) => a + b, 0)).toBe(mine.filter((r) => r.timestamp >= nowS - 30 * DAY).length);
    });

    it('answers the top pages over 7 days, most viewed first, limited', async () => {
      const result = await query({
        select: [{ column: 'page' }, { column: 'eventsCount' }],
        groupBy: [{ column: 'page' }],
        where: [{ column: 'eventType', values: ['page_view'] }],
        order: { by: { column: 'eventsCount' }, direction: 'desc' },
        range: 'last7Days',
        limit: 3,
      });
      const recent = mine.filter((r) => r.timestamp >= nowS - 7 * DAY && r.type === 'page_view');
      const counts = new Map<string, number>();
      for (const r of recent) counts.set(r.page, (counts.get(r.page) ?? 0) + 1);
      const expected = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
      expect(column(result, 'page')).toEqual(expected.map(([page]) => ({ page, space: 'space-1' })));
      expect(column(result, 'eventsCount')).toEqual(expected.map(([, n]) => n));
    });

    it('counts page views per day and events per url exactly, also over partial first and last days', async () => {
      const perDay = await query({ select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }], where: [{ column: 'eventType', values: ['page_view'] }], range: 'last30Days' });
      const from = nowS - 30 * DAY;
      const views = mine.filter((r) => r.type === 'page_view' && r.timestamp >= from && r.timestamp <= nowS);
      const firstDay = Math.floor(from / DAY) * DAY;
      const days = Array.from({ length: 31 }, (_, i) => firstDay + i * DAY);
      expect(column(perDay, 'eventsCount')).toEqual(days.map((d) => views.filter((r) => r.timestamp >= d && r.timestamp < d + DAY).length));
      const urls = await query({
        select: [{ column: 'url' }, { column: 'eventsCount' }],
        groupBy: [{ column: 'url' }],
        where: [{ column: 'eventType', operator: 'notIn', values: ['search_type_query'] }, { column: 'eventsCount', operator: 'greaterThan', values: [1] }],
        order: { by: { column: 'eventsCount' }, direction: 'desc' },
        range: { from: new Date((nowS - 9.5 * DAY) * 1000).toISOString(), to: new Date((nowS - 2.25 * DAY) * 1000).toISOString() },
      });
      const inRange = mine.filter((r) => r.type !== 'search_type_query' && r.timestamp >= nowS - 9.5 * DAY && r.timestamp <= nowS - 2.25 * DAY);
      const counts = new Map<string, number>();
      for (const r of inRange) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
      const expected = [...counts].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      expect(column(urls, 'url')).toEqual(expected.map(([u]) => u));
      expect(column(urls, 'eventsCount')).toEqual(expected.map(([, n]) => n));
    });

    it('counts visitors by country over a year, unknown country as null', async () => {
      const result = await query({ select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }], range: 'lastYear', order: { by: { column: 'visitorGeoCountry' }, direction: 'asc' } });
      const countries = [...new Set(mine.map((r) => r.country))].sort();
      expect(column(result, 'visitorGeoCountry')).toEqual(countries.map((c) => c || null));
      expect(column(result, 'visitorsCount')).toEqual(countries.map((c) => distinct(mine.filter((r) => r.country === c), visitorKey)));
    });

    it('never counts a redelivered event twice and never sees another site or organization', async () => {
      expect(await store.insert([row(5), row(6)], origin(0, 9, 9))).toBe(2);
      const result = await query({ select: [{ column: 'eventsCount' }], range: 'lastYear' });
      expect(result).toEqual({ columns: [{ column: 'eventsCount', values: [mine.length] }] });
    });

    it('completes a batch that was stored only in part, and keeps batches of other partitions apart', async () => {
      const scope = { organizationId: ORG, siteId: 'site-redelivery' };
      const batch = Array.from({ length: 40 }, (_, i) => row(3000 + i, { site_id: scope.siteId }));
      const count = async () => {
        const plan = planAggregate({ select: [{ column: 'eventsCount' }], range: 'lastYear' }, NOW);
        return (await store.aggregate(scope, plan))[0]?.metrics[0];
      };
      // The first half got in (e.g. one month's part) before the consumer died.
      expect(await store.insert(batch.slice(0, 20), origin(1, 100, 119))).toBe(0);
      expect(await store.insert(batch, origin(1, 100, 139))).toBe(20);
      expect(await count()).toBe(40);
      // Same offsets on another partition: a different batch, stored in full.
      const other = Array.from({ length: 5 }, (_, i) => row(4000 + i, { site_id: scope.siteId }));
      expect(await store.insert(other, origin(2, 100, 104))).toBe(0);
      expect(await count()).toBe(45);
    });

    it('applies in, notIn, datetime and count filters', async () => {
      const from = nowS - 10 * DAY;
      const result = await query({
        select: [{ column: 'visitorBrowser' }, { column: 'eventsCount' }],
        where: [
          { column: 'visitorGeoCountry', values: ['FR', 'US'] },
          { column: 'visitorLanguage', operator: 'notIn', values: ['fr'] },
          { column: 'datetime', operator: 'greaterThanOrEqual', values: [new Date(from * 1000).toISOString()] },
          { column: 'eventsCount', operator: 'greaterThan', values: [0] },
        ],
        range: 'last30Days',
      });
      const expected = mine.filter((r) => ['FR', 'US'].includes(r.country) && r.language !== 'fr' && r.timestamp >= from);
      expect(column(result, 'visitorBrowser')).toEqual(['chrome']);
      expect(column(result, 'eventsCount')).toEqual([expected.length]);
    });

    it('reads search queries and bots, and orders ascending with ties broken alike', async () => {
      const searches = await query({ select: [{ column: 'eventSearchQuery' }, { column: 'eventsCount' }], where: [{ column: 'eventType', values: ['search_type_query'] }], range: 'lastYear', order: { by: { column: 'eventsCount' }, direction: 'asc' } });
      const counts = new Map<string, number>();
      for (const r of mine.filter((x) => x.type === 'search_type_query')) {
        const q = (JSON.parse(r.properties) as { query: string }).query;
        counts.set(q, (counts.get(q) ?? 0) + 1);
      }
      const expected = [...counts].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
      expect(column(searches, 'eventSearchQuery')).toEqual(expected.map(([q]) => q));
      const bots = await query({ select: [{ column: 'visitorBot' }, { column: 'eventsCount' }], range: 'lastYear', order: { by: { column: 'visitorBot' }, direction: 'desc' } });
      expect(column(bots, 'visitorBot')).toEqual(['unknown', '']);
      expect(column(bots, 'eventsCount')).toEqual([mine.filter((r) => r.is_bot).length, mine.filter((r) => !r.is_bot).length]);
    });

    it('buckets by hour, week and month like the reference (UTC, Monday weeks)', async () => {
      const weeks = await query({ select: [{ column: 'datetime', interval: 'week' }, { column: 'eventsCount' }], range: 'last3Months', limit: 5 });
      const weekStarts = column(weeks, 'datetime') as string[];
      expect(weekStarts).toHaveLength(5);
      for (const w of weekStarts) expect(new Date(w).getUTCDay()).toBe(1);
      const months = await query({ select: [{ column: 'datetime', interval: 'month' }, { column: 'eventsCount' }], range: 'last3Months' });
      expect(column(months, 'datetime')).toEqual(['2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
      const from3 = new Date(NOW.getTime());
      from3.setUTCMonth(from3.getUTCMonth() - 3);
      const inMonth = (m: number) => mine.filter((r) => r.timestamp >= from3.getTime() / 1000 && new Date(r.timestamp * 1000).getUTCMonth() === m).length;
      expect(column(months, 'eventsCount')).toEqual([inMonth(11), inMonth(0), inMonth(1), inMonth(2)]);
      const hours = await query({ select: [{ column: 'datetime', interval: 'hour' }, { column: 'eventsCount' }], range: 'last24Hours', order: { by: { column: 'eventsCount' }, direction: 'desc' }, limit: 2 });
      const perHour = new Map<number, number>();
      for (const r of mine.filter((x) => x.timestamp >= nowS - DAY)) perHour.set(Math.floor(r.timestamp / 3600) * 3600, (perHour.get(Math.floor(r.timestamp / 3600) * 3600) ?? 0) + 1);
      const topHours = [...perHour].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 2);
      expect(column(hours, 'datetime')).toEqual(topHours.map(([h]) => new Date(h * 1000).toISOString()));
      expect(column(hours, 'eventsCount')).toEqual(topHours.map(([, n]) => n));
    });

    it('lists visitor segments by claims, biggest first', async () => {
      const segments = await store.visitorSegments(SCOPE, 10);
      const withClaims = (c: string) => mine.filter((r) => r.visitor_claims === c);
      const expected = ['{"plan":"free","role":"admin"}', '{"plan":"pro"}']
        .map((claims) => ({ claims, events: withClaims(claims).length, visitors: distinct(withClaims(claims), visitorKey), sessions: distinct(withClaims(claims), (r) => r.session_id) }))
        .sort((a, b) => b.events - a.events || (a.claims < b.claims ? -1 : 1));
      expect(segments).toEqual(expected);
    });
  });
}
