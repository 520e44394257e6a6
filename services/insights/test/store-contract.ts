import { cellToLatLng, cellToParent } from 'h3-js';
import { planAggregate, type AggregateQueryInput } from '../src/modules/insights/domain/aggregate-query';
import { presentAggregate, type AggregateResult } from '../src/modules/insights/presenters/aggregate.presenter';
import type { InsightsEventRow } from '../src/modules/insights/model/event-row';
import type { BatchOrigin, InsightsStore } from '../src/modules/insights/store/insights-store';
import { contractRows, NOW, ORG, row, SCOPE, siteRows } from './store-fixtures';

// The behaviour both stores must share: the same rows in, the same answers out. Expected values
// are computed from the rows in plain TypeScript.

const DAY = 86_400;
const origin = (partition: number, firstOffset: number, lastOffset: number): BatchOrigin => ({ topic: 'insights.events', partition, firstOffset, lastOffset });
const distinct = (rows: InsightsEventRow[], key: (r: InsightsEventRow) => string): number => new Set(rows.map(key)).size;
const visitorKey = (r: InsightsEventRow): string => r.visitor_id || r.visitor_hash;

/** Rows grouped by a key (rows without one are left out), biggest group first, ties by key bytes. */
function groups<K>(
  rows: InsightsEventRow[],
  keyOf: (r: InsightsEventRow) => K | K[] | undefined,
  text: (k: K) => string = String,
): { key: K; rows: InsightsEventRow[] }[] {
  const found = new Map<string, { key: K; rows: InsightsEventRow[] }>();
  for (const r of rows) {
    const keys = keyOf(r);
    for (const key of keys === undefined ? [] : Array.isArray(keys) ? [...new Set(keys)] : [keys]) {
      const entry = found.get(text(key)) ?? { key, rows: [] };
      entry.rows.push(r);
      found.set(text(key), entry);
    }
  }
  const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return [...found.values()].sort((a, b) => b.rows.length - a.rows.length || bytes(text(a.key), text(b.key)));
}

const claimValues = (r: InsightsEventRow, claim: string): string[] => r.visitor_claim_values.filter((_, i) => r.visitor_claim_keys[i] === claim);
const h3Of = (r: InsightsEventRow): string => BigInt(r.geo_h3).toString(16);

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
      const perDay = await query({
        select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }],
        where: [{ column: 'eventType', values: ['page_view'] }],
        range: 'last30Days',
      });
      const from = nowS - 30 * DAY;
      const views = mine.filter((r) => r.type === 'page_view' && r.timestamp >= from && r.timestamp <= nowS);
      const firstDay = Math.floor(from / DAY) * DAY;
      const days = Array.from({ length: 31 }, (_, i) => firstDay + i * DAY);
      expect(column(perDay, 'eventsCount')).toEqual(days.map((d) => views.filter((r) => r.timestamp >= d && r.timestamp < d + DAY).length));
      const urls = await query({
        select: [{ column: 'url' }, { column: 'eventsCount' }],
        groupBy: [{ column: 'url' }],
        where: [
          { column: 'eventType', operator: 'notIn', values: ['search_type_query'] },
          { column: 'eventsCount', operator: 'greaterThan', values: [1] },
        ],
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
      const result = await query({
        select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }],
        range: 'lastYear',
        order: { by: { column: 'visitorGeoCountry' }, direction: 'asc' },
      });
      const countries = [...new Set(mine.map((r) => r.country))].sort();
      expect(column(result, 'visitorGeoCountry')).toEqual(countries.map((c) => c || null));
      expect(column(result, 'visitorsCount')).toEqual(
        countries.map((c) =>
          distinct(
            mine.filter((r) => r.country === c),
            visitorKey,
          ),
        ),
      );
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
        return (await store.aggregate(scope, plan))[0]?.metrics[0]?.[0];
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
      const searches = await query({
        select: [{ column: 'eventSearchQuery' }, { column: 'eventsCount' }],
        where: [{ column: 'eventType', values: ['search_type_query'] }],
        range: 'lastYear',
        order: { by: { column: 'eventsCount' }, direction: 'asc' },
      });
      const counts = new Map<string, number>();
      for (const r of mine.filter((x) => x.type === 'search_type_query')) {
        const q = (JSON.parse(r.properties) as { query: string }).query;
        counts.set(q, (counts.get(q) ?? 0) + 1);
      }
      const expected = [...counts].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
      expect(column(searches, 'eventSearchQuery')).toEqual(expected.map(([q]) => q));
      const bots = await query({
        select: [{ column: 'visitorBot' }, { column: 'eventsCount' }],
        range: 'lastYear',
        order: { by: { column: 'visitorBot' }, direction: 'desc' },
      });
      expect(column(bots, 'visitorBot')).toEqual(['unknown', '']);
      expect(column(bots, 'eventsCount')).toEqual([mine.filter((r) => r.is_bot).length, mine.filter((r) => !r.is_bot).length]);
    });

    it('buckets by hour, week and month like the reference (UTC, Monday weeks)', async () => {
      const weeks = await query({ select: [{ column: 'datetime', interval: 'week' }, { column: 'eventsCount' }], range: 'last3Months', limit: 5 });
      const weekStarts = column(weeks, 'datetime') as string[];
      expect(weekStarts).toHaveLength(5);
      for (const w of weekStarts) expect(new Date(w).getUTCDay()).toBe(1);
      const months = await query({ select: [{ column: 'datetime', interval: 'month' }, { column: 'eventsCount' }], range: 'last3Months' });
      expect(column(months, 'datetime')).toEqual([
        '2025-12-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z',
        '2026-02-01T00:00:00.000Z',
        '2026-03-01T00:00:00.000Z',
      ]);
      const from3 = new Date(NOW.getTime());
      from3.setUTCMonth(from3.getUTCMonth() - 3);
      const inMonth = (m: number) => mine.filter((r) => r.timestamp >= from3.getTime() / 1000 && new Date(r.timestamp * 1000).getUTCMonth() === m).length;
      expect(column(months, 'eventsCount')).toEqual([inMonth(11), inMonth(0), inMonth(1), inMonth(2)]);
      const hours = await query({
        select: [{ column: 'datetime', interval: 'hour' }, { column: 'eventsCount' }],
        range: 'last24Hours',
        order: { by: { column: 'eventsCount' }, direction: 'desc' },
        limit: 2,
      });
      const perHour = new Map<number, number>();
      for (const r of mine.filter((x) => x.timestamp >= nowS - DAY))
        perHour.set(Math.floor(r.timestamp / 3600) * 3600, (perHour.get(Math.floor(r.timestamp / 3600) * 3600) ?? 0) + 1);
      const topHours = [...perHour].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 2);
      expect(column(hours, 'datetime')).toEqual(topHours.map(([h]) => new Date(h * 1000).toISOString()));
      expect(column(hours, 'eventsCount')).toEqual(topHours.map(([, n]) => n));
    });

    it('lists visitor segments by claims, biggest first', async () => {
      const segments = await store.visitorSegments(SCOPE, 10);
      const withClaims = (c: string) => mine.filter((r) => r.visitor_claims === c);
      const expected = ['{"plan":"free","role":"admin"}', '{"plan":"pro"}']
        .map((claims) => ({
          claims,
          events: withClaims(claims).length,
          visitors: distinct(withClaims(claims), visitorKey),
          sessions: distinct(withClaims(claims), (r) => r.session_id),
        }))
        .sort((a, b) => b.events - a.events || (a.claims < b.claims ? -1 : 1));
      expect(segments).toEqual(expected);
    });

    it('groups and filters link clicks by target and position, only link clicks', async () => {
      const result = await query({
        select: [
          { column: 'eventLinkTargetValue' },
          { column: 'eventLinkTargetKind' },
          { column: 'eventLinkTargetDomain' },
          { column: 'eventLinkPosition' },
          { column: 'eventsCount' },
        ],
        where: [{ column: 'eventLinkPosition', operator: 'notIn', values: ['sidebar'] }],
        range: 'lastYear',
      });
      const expected = groups(
        mine.filter((r) => r.type === 'link_click' && r.link_position !== 'sidebar'),
        (r) => [r.link_target_value, r.link_target_kind, r.link_target_domain, r.link_position].join('|'),
      );
      const parts = expected.map((g) => g.rows[0] as InsightsEventRow);
      expect(expected.length).toBeGreaterThan(1);
      expect(column(result, 'eventLinkTargetValue')).toEqual(parts.map((r) => JSON.parse(r.link_target_value)));
      expect(column(result, 'eventLinkTargetKind')).toEqual(parts.map((r) => r.link_target_kind));
      expect(column(result, 'eventLinkTargetDomain')).toEqual(parts.map((r) => r.link_target_domain || null));
      expect(column(result, 'eventLinkPosition')).toEqual(parts.map((r) => r.link_position));
      expect(column(result, 'eventsCount')).toEqual(expected.map((g) => g.rows.length));
      const byTarget = await query({
        select: [{ column: 'eventsCount' }],
        where: [{ column: 'eventLinkTargetValue', values: [{ url: 'https://www.github.com/quire', kind: 'url' }] }],
        range: 'lastYear',
      });
      expect(column(byTarget, 'eventsCount')).toEqual([mine.filter((r) => r.link_target_domain === 'github.com').length]);
    });

    it('reads API operations, feedback, ask ratings, ads and trademarks from their own events', async () => {
      const cases: [string, (r: InsightsEventRow) => string | number, string[], (v: string | number) => unknown][] = [
        ['eventAPIOperationPath', (r) => r.api_operation_path, ['api_client_open', 'api_client_request'], (v) => v || null],
        ['eventAPIOperationMethod', (r) => r.api_operation_method, ['api_client_open', 'api_client_request'], (v) => v || null],
        ['eventPageFeedbackRating', (r) => r.feedback_rating, ['page_post_feedback', 'page_post_feedback_comment'], (v) => v],
        ['eventPageFeedbackComment', (r) => r.feedback_comment, ['page_post_feedback_comment'], (v) => v],
        ['eventAskResponseRating', (r) => String(r.ask_rating), ['ask_rate_response'], (v) => Number(v)],
        ['eventAdDomain', (r) => r.ad_domain, ['ad_click', 'ad_display'], (v) => v],
        ['eventAdPlacement', (r) => r.ad_placement, ['ad_click', 'ad_display'], (v) => v],
        ['eventTrademarkPlacement', (r) => r.trademark_placement, ['trademark_click'], (v) => v],
      ];
      for (const [name, value, types, present] of cases) {
        const result = await query({ select: [{ column: name as 'eventAdDomain' }, { column: 'eventsCount' }], range: 'lastYear' });
        const expected = groups(
          mine.filter((r) => types.includes(r.type)),
          (r) => String(value(r)),
        );
        expect(expected.length).toBeGreaterThan(0);
        expect([name, column(result, name)]).toEqual([name, expected.map((g) => present(g.key))]);
        expect(column(result, 'eventsCount')).toEqual(expected.map((g) => g.rows.length));
      }
      const negative = await query({ select: [{ column: 'eventsCount' }], where: [{ column: 'eventAskResponseRating', values: [-1] }], range: 'lastYear' });
      expect(column(negative, 'eventsCount')).toEqual([mine.filter((r) => r.ask_rating === -1).length]);
    });

    it('counts ratings per page as metrics, ordered by net score', async () => {
      const result = await query({
        select: [{ column: 'page' }, { column: 'pageFeedbackRating' }, { column: 'askResponseRating' }],
        groupBy: [{ column: 'page' }],
        order: { by: { column: 'pageFeedbackRating' }, direction: 'desc' },
        range: 'lastYear',
      });
      const pages = [...new Set(mine.map((r) => r.page))];
      const count = (page: string, type: string, test: (r: InsightsEventRow) => boolean) =>
        mine.filter((r) => r.page === page && r.type === type && test(r)).length;
      const expected = pages
        .map((page) => ({
          page,
          feedback: {
            good: count(page, 'page_post_feedback', (r) => r.feedback_rating === 'good'),
            ok: count(page, 'page_post_feedback', (r) => r.feedback_rating === 'ok'),
            bad: count(page, 'page_post_feedback', (r) => r.feedback_rating === 'bad'),
          },
          ask: {
            positive: count(page, 'ask_rate_response', (r) => r.ask_rating === 1),
            negative: count(page, 'ask_rate_response', (r) => r.ask_rating === -1),
          },
        }))
        .sort((a, b) => b.feedback.good - b.feedback.bad - (a.feedback.good - a.feedback.bad) || (a.page < b.page ? -1 : 1));
      expect(column(result, 'page')).toEqual(expected.map((e) => ({ page: e.page, space: 'space-1' })));
      expect(column(result, 'pageFeedbackRating')).toEqual(expected.map((e) => e.feedback));
      expect(column(result, 'askResponseRating')).toEqual(expected.map((e) => e.ask));
    });

    it('groups visitors by H3 cell at a precision, by recorded point without one, and filters by cell', async () => {
      const coarse = await query({
        select: [{ column: 'visitorGeoPoint', precision: 3 }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
        range: 'lastYear',
      });
      const expected = groups(
        mine,
        (r) => (r.geo_h3 === '0' ? '' : cellToParent(h3Of(r), 3)),
        (k) => (k ? k.padStart(16, '0') : ''),
      );
      expect(column(coarse, 'visitorGeoPoint')).toEqual(
        expected.map((g) => (g.key ? { latitude: cellToLatLng(g.key)[0], longitude: cellToLatLng(g.key)[1], h3: g.key } : null)),
      );
      expect(column(coarse, 'visitorsCount')).toEqual(expected.map((g) => distinct(g.rows, visitorKey)));
      const exact = await query({
        select: [{ column: 'visitorGeoPoint' }, { column: 'eventsCount' }],
        range: 'lastYear',
        order: { by: { column: 'visitorGeoPoint' }, direction: 'asc' },
      });
      const points = groups(mine, (r) => r.geo_h3).sort((a, b) => (a.rows[0] as InsightsEventRow).geo_lat - (b.rows[0] as InsightsEventRow).geo_lat);
      expect(column(exact, 'visitorGeoPoint')).toEqual(
        points.map(({ rows: [r] }) => (r && r.geo_h3 !== '0' ? { latitude: r.geo_lat, longitude: r.geo_lon, h3: h3Of(r) } : null)),
      );
      const paris = expected.find((g) => g.rows[0]?.country === 'FR');
      const inParis = await query({
        select: [{ column: 'eventsCount' }],
        where: [{ column: 'visitorGeoPoint', values: [{ latitude: 0, longitude: 0, h3: paris?.key }, null] }],
        range: 'lastYear',
      });
      expect(column(inParis, 'eventsCount')).toEqual([mine.filter((r) => r.country === 'FR' || r.country === '').length]);
    });

    it('breaks visitors down by claim names and by the values of one claim, and filters by claim', async () => {
      const properties = await query({
        select: [{ column: 'visitorClaimProperty' }, { column: 'visitorsCount' }, { column: 'eventsCount' }],
        range: 'lastYear',
      });
      const byName = groups(mine, (r) => r.visitor_claim_keys);
      expect(column(properties, 'visitorClaimProperty')).toEqual(byName.map((g) => g.key));
      expect(column(properties, 'visitorsCount')).toEqual(byName.map((g) => distinct(g.rows, visitorKey)));
      expect(column(properties, 'eventsCount')).toEqual(byName.map((g) => g.rows.length));
      const plans = await query({ select: [{ column: 'visitorClaim', claim: 'plan' }, { column: 'eventsCount' }], range: 'lastYear' });
      const byPlan = groups(mine, (r) => claimValues(r, 'plan'));
      expect(plans.columns[0]).toEqual({ column: 'visitorClaim', claim: 'plan', values: byPlan.map((g) => g.key) });
      expect(column(plans, 'eventsCount')).toEqual(byPlan.map((g) => g.rows.length));
      const notPro = await query({
        select: [{ column: 'eventsCount' }],
        where: [{ column: 'visitorClaim', claim: 'plan', operator: 'notIn', values: ['pro'] }],
        range: 'lastYear',
      });
      expect(column(notPro, 'eventsCount')).toEqual([mine.filter((r) => claimValues(r, 'plan').length > 0 && !claimValues(r, 'plan').includes('pro')).length]);
      const admins = await query({ select: [{ column: 'eventsCount' }], where: [{ column: 'visitorClaimProperty', values: ['role'] }], range: 'lastYear' });
      expect(column(admins, 'eventsCount')).toEqual([mine.filter((r) => r.visitor_claim_keys.includes('role')).length]);
    });

    it('groups by display context, referrer domain and campaign, and filters by them', async () => {
      const cases: [string, (r: InsightsEventRow) => string][] = [
        ['displayContext', (r) => r.display_context],
        ['referrerDomain', (r) => r.referrer_domain],
        ['utmSource', (r) => r.utm_source],
        ['utmMedium', (r) => r.utm_medium],
        ['utmCampaign', (r) => r.utm_campaign],
        ['utmTerm', (r) => r.utm_term],
        ['utmContent', (r) => r.utm_content],
      ];
      for (const [name, value] of cases) {
        const result = await query({
          select: [{ column: name as 'utmSource' }, { column: 'sessionsCount' }],
          range: 'lastYear',
          order: { by: { column: name as 'utmSource' }, direction: 'asc' },
        });
        const expected = groups(mine, value).sort((a, b) => (a.key < b.key ? -1 : 1));
        expect([name, column(result, name)]).toEqual([name, expected.map((g) => g.key)]);
        expect(column(result, 'sessionsCount')).toEqual(expected.map((g) => distinct(g.rows, (r) => r.session_id)));
      }
      const filtered = await query({
        select: [{ column: 'eventsCount' }],
        where: [
          { column: 'utmSource', values: ['newsletter', 'twitter'] },
          { column: 'displayContext', operator: 'notIn', values: ['embed'] },
          { column: 'referrerDomain', values: ['google.com'] },
        ],
        range: 'lastYear',
      });
      expect(column(filtered, 'eventsCount')).toEqual([
        mine.filter((r) => ['newsletter', 'twitter'].includes(r.utm_source) && r.display_context !== 'embed' && r.referrer_domain === 'google.com').length,
      ]);
    });
  });
}
