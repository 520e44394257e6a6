import { ApiError } from '@quire/errors';
import { parseInput } from '@quire/input';
import { planAggregate } from '../src/modules/insights/domain/aggregate-query';
import { presentAggregate } from '../src/modules/insights/presenters/aggregate.presenter';
import { aggregateBody } from '../src/modules/insights/http/aggregate/aggregate.schema';

const NOW = new Date('2026-03-15T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;

function rejection(input: unknown): string {
  try {
    planAggregate(parseInput(aggregateBody, input), NOW);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('aggregate query planning', () => {
  it('defaults: eventsCount only, limit 1000, ranges ending now', () => {
    const plan = planAggregate({ range: 'last7Days' }, NOW);
    expect(plan).toMatchObject({
      from: NOW_S - 7 * 86400,
      to: NOW_S,
      metrics: ['eventsCount'],
      output: [{ metric: 'eventsCount' }],
      limit: 1000,
      fillInterval: null,
    });
    expect(planAggregate({ range: 'lastYear' }, NOW).from).toBe(Date.parse('2025-03-15T12:00:00Z') / 1000);
    expect(planAggregate({ range: 'last3Months' }, NOW).from).toBe(Date.parse('2025-12-15T12:00:00Z') / 1000);
    expect(planAggregate({ range: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } }, NOW)).toMatchObject({ from: 1767225600, to: 1767312000 });
  });

  it('groups by a selected dimension, defaults datetime to days, fills a lone time series', () => {
    const plan = planAggregate({ select: [{ column: 'datetime' }, { column: 'visitorsCount' }], range: 'last24Hours' }, NOW);
    expect(plan.dimensions).toEqual([{ kind: 'datetime', interval: 'day' }]);
    expect(plan.fillInterval).toBe('day');
    expect(plan.order).toEqual({ key: { dimension: 0 }, direction: 'asc' });
    const result = presentAggregate(plan, []);
    expect(result).toEqual({
      columns: [
        { column: 'datetime', values: ['2026-03-14T00:00:00.000Z', '2026-03-15T00:00:00.000Z'] },
        { column: 'visitorsCount', values: [0, 0] },
      ],
    });
  });

  it('names the field of an invalid column or combination', () => {
    expect(rejection({ range: 'last7Days', select: [{ column: 'nope' }] })).toContain('"select.0.column"');
    expect(rejection({ range: 'last7Days', select: [{ column: 'visitorClaim' }] })).toMatch(/"select.0.claim".*needs the name of a claim/);
    expect(rejection({ range: 'last7Days', where: [{ column: 'visitorClaim', values: ['pro'] }] })).toContain('"where.0.claim"');
    expect(rejection({ range: 'last7Days', groupBy: [{ column: 'pageFeedbackRating' }] })).toMatch(/"groupBy.0.column".*metric/);
    expect(rejection({ range: 'last7Days', where: [{ column: 'askResponseRating', values: [1] }] })).toMatch(/"where.0.column".*cannot be filtered/);
    expect(rejection({ range: 'last7Days', where: [{ column: 'eventAskResponseRating', values: ['good'] }] })).toContain('"where.0.values.0"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'visitorGeoPoint', values: [{ h3: 'nope' }] }] })).toContain('"where.0.values.0.h3"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'visitorGeoPoint', values: ['851fb467fffffff'] }] })).toContain('"where.0.values.0"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'visitorGeoPoint', values: [{ h3: '851fb467fffffff' }, { h3: '8f1fb4675319b45' }] }] })).toMatch(
      /"where.0.values".*same resolution/,
    );
    expect(rejection({ range: 'last7Days', where: [{ column: 'eventLinkTargetValue', values: ['https://x.com'] }] })).toContain('"where.0.values.0"');
    expect(
      rejection({ range: 'last7Days', groupBy: [{ column: 'visitorGeoPoint', precision: 4 }], select: [{ column: 'visitorGeoPoint', precision: 5 }] }),
    ).toMatch(/"select.0.column".*groupBy/);
    expect(rejection({ range: 'last7Days', groupBy: [{ column: 'eventsCount' }] })).toContain('"groupBy.0.column"');
    expect(rejection({ range: 'last7Days', groupBy: [{ column: 'url' }], select: [{ column: 'page' }] })).toMatch(/"select.0.column".*groupBy/);
    expect(rejection({ range: 'last7Days', select: [{ column: 'eventsCount' }], order: { by: { column: 'url' }, direction: 'asc' } })).toContain(
      '"order.by.column"',
    );
    expect(
      rejection({
        range: 'last7Days',
        groupBy: [
          { column: 'datetime', interval: 'day' },
          { column: 'datetime', interval: 'hour' },
        ],
      }),
    ).toContain('"groupBy.1.interval"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'url', operator: 'greaterThan', values: ['a'] }] })).toContain('"where.0.operator"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'datetime', values: ['2026-01-01T00:00:00Z'] }] })).toContain('"where.0.operator"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'eventsCount', operator: 'greaterThan', values: ['x'] }] })).toContain('"where.0.operator"');
    expect(rejection({ range: 'last7Days', where: [{ column: 'datetime', operator: 'lessThan', values: ['yesterday'] }] })).toContain('"where.0.values.0"');
    expect(rejection({ range: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } })).toContain('"range.to"');
    expect(rejection({ range: { from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } })).toContain('"range"');
  });

  it('the schema refuses unknown fields, empty filters and limits out of 1..1000', () => {
    expect(aggregateBody.safeParse({ range: 'last7Days', where: [{ column: 'url', values: [] }] }).success).toBe(false);
    expect(aggregateBody.safeParse({ range: 'last7Days', limit: 0 }).success).toBe(false);
    expect(aggregateBody.safeParse({ range: 'last7Days', limit: 1001 }).success).toBe(false);
    expect(aggregateBody.safeParse({ range: 'lastDecade' }).success).toBe(false);
    expect(aggregateBody.safeParse({ range: 'last7Days', extra: 1 }).success).toBe(false);
    expect(aggregateBody.safeParse({}).success).toBe(false);
  });

  it('orders a filled series by count, ties by time, then limits', () => {
    const plan = planAggregate(
      {
        select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }],
        order: { by: { column: 'eventsCount' }, direction: 'desc' },
        range: 'last7Days',
        limit: 2,
      },
      NOW,
    );
    const day = (iso: string) => String(Date.parse(iso) / 1000);
    const result = presentAggregate(plan, [
      { dimensions: [[day('2026-03-10T00:00:00Z')]], metrics: [[3]] },
      { dimensions: [[day('2026-03-12T00:00:00Z')]], metrics: [[5]] },
    ]);
    expect(result.columns).toEqual([
      { column: 'datetime', values: ['2026-03-12T00:00:00.000Z', '2026-03-10T00:00:00.000Z'] },
      { column: 'eventsCount', values: [5, 3] },
    ]);
  });

  it('reads event columns only on the events that carry them, visitor claims by name', () => {
    const plan = planAggregate(
      {
        select: [{ column: 'eventLinkPosition' }, { column: 'visitorClaim', claim: 'plan' }, { column: 'eventsCount' }],
        where: [{ column: 'eventLinkTargetKind', operator: 'notIn', values: ['url'] }],
        range: 'last7Days',
      },
      NOW,
    );
    expect(plan.dimensions).toEqual([
      { kind: 'field', column: 'eventLinkPosition', params: {}, sources: [{ kind: 'row', column: 'link_position' }] },
      { kind: 'field', column: 'visitorClaim', params: { claim: 'plan' }, sources: [{ kind: 'claimValues', claim: 'plan' }] },
    ]);
    // The filter, then one restriction to link clicks (both columns are link columns).
    expect(plan.fieldFilters).toEqual([
      { match: { source: { kind: 'row', column: 'link_target_kind' }, type: 'String', values: ['url'] }, negate: true },
      { match: { source: { kind: 'row', column: 'type' }, type: 'String', values: ['link_click'] }, negate: false },
    ]);
    const result = presentAggregate(plan, [{ dimensions: [['footer'], ['pro']], metrics: [[2]] }]);
    expect(result.columns).toEqual([
      { column: 'eventLinkPosition', values: ['footer'] },
      { column: 'visitorClaim', claim: 'plan', values: ['pro'] },
      { column: 'eventsCount', values: [2] },
    ]);
  });

  it('presents ratings as counts per rating, geo points as H3 cells, link targets as given', () => {
    const plan = planAggregate(
      {
        select: [
          { column: 'visitorGeoPoint', precision: 5 },
          { column: 'eventLinkTargetValue' },
          { column: 'pageFeedbackRating' },
          { column: 'askResponseRating' },
        ],
        range: 'last7Days',
      },
      NOW,
    );
    expect(plan.metrics).toEqual(['pageFeedbackRating', 'askResponseRating']);
    const result = presentAggregate(plan, [
      {
        dimensions: [['0851fb467fffffff'], ['{"kind":"url","url":"https://x.com/"}']],
        metrics: [
          [3, 1, 0],
          [2, 5],
        ],
      },
      {
        dimensions: [[''], ['{"kind":"page","page":"p1"}']],
        metrics: [
          [0, 0, 0],
          [0, 0],
        ],
      },
    ]);
    const [point, target, feedback, ask] = result.columns;
    const first = point?.values[0] as { latitude: number; longitude: number; h3: string };
    expect(first.h3).toBe('851fb467fffffff');
    expect(first.latitude).toBeCloseTo(48.8, 0);
    expect(first.longitude).toBeCloseTo(2.3, 0);
    expect(point?.values[1]).toBeNull();
    expect(target?.values).toEqual([
      { kind: 'url', url: 'https://x.com/' },
      { kind: 'page', page: 'p1' },
    ]);
    expect(feedback?.values).toEqual([
      { good: 3, ok: 1, bad: 0 },
      { good: 0, ok: 0, bad: 0 },
    ]);
    expect(ask?.values).toEqual([
      { positive: 2, negative: 5 },
      { positive: 0, negative: 0 },
    ]);
  });

  it('compares filter values as stored: cells at their resolution, link targets in any key order, null as empty', () => {
    const plan = planAggregate(
      {
        where: [
          { column: 'visitorGeoPoint', values: [{ latitude: 48.8, longitude: 2.3, h3: '851fb467fffffff' }, null] },
          { column: 'eventLinkTargetValue', values: [{ url: 'https://x.com/', kind: 'url' }] },
          { column: 'eventAskResponseRating', values: [-1] },
          { column: 'page', values: [{ page: 'p1', space: 's1' }, null] },
        ],
        range: 'last7Days',
      },
      NOW,
    );
    expect(plan.fieldFilters.map((f) => f.match)).toEqual([
      { source: { kind: 'geoCell', precision: 5 }, type: 'String', values: ['0851fb467fffffff', ''] },
      { source: { kind: 'row', column: 'link_target_value' }, type: 'String', values: ['{"kind":"url","url":"https://x.com/"}'] },
      { source: { kind: 'row', column: 'ask_rating' }, type: 'Int64', values: [-1] },
      { source: { kind: 'row', column: 'page' }, type: 'String', values: ['p1', ''] },
      { source: { kind: 'row', column: 'type' }, type: 'String', values: ['link_click'] },
      { source: { kind: 'row', column: 'type' }, type: 'String', values: ['ask_rate_response'] },
    ]);
  });
});
