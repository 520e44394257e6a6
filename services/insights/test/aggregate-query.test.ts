import { ApiError, parseInput } from '@quire/common';
import { planAggregate } from '../src/domain/aggregate-query';
import { presentAggregate } from '../src/domain/aggregate-result';
import { aggregateBody } from '../src/http/aggregate/aggregate.schema';

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
    expect(plan).toMatchObject({ from: NOW_S - 7 * 86400, to: NOW_S, metrics: ['eventsCount'], output: [{ metric: 'eventsCount' }], limit: 1000, fillInterval: null });
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
    expect(result).toEqual({ columns: [
      { column: 'datetime', values: ['2026-03-14T00:00:00.000Z', '2026-03-15T00:00:00.000Z'] },
      { column: 'visitorsCount', values: [0, 0] },
    ] });
  });

  it('names the field of an invalid column or combination', () => {
    expect(rejection({ range: 'last7Days', select: [{ column: 'nope' }] })).toContain('"select.0.column"');
    expect(rejection({ range: 'last7Days', select: [{ column: 'visitorGeoPoint' }] })).toMatch(/"select.0.column".*not supported/);
    expect(rejection({ range: 'last7Days', groupBy: [{ column: 'eventsCount' }] })).toContain('"groupBy.0.column"');
    expect(rejection({ range: 'last7Days', groupBy: [{ column: 'url' }], select: [{ column: 'page' }] })).toMatch(/"select.0.column".*groupBy/);
    expect(rejection({ range: 'last7Days', select: [{ column: 'eventsCount' }], order: { by: { column: 'url' }, direction: 'asc' } })).toContain('"order.by.column"');
    expect(rejection({ range: 'last7Days', groupBy: [{ column: 'datetime', interval: 'day' }, { column: 'datetime', interval: 'hour' }] })).toContain('"groupBy.1.interval"');
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
    const plan = planAggregate({ select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }], order: { by: { column: 'eventsCount' }, direction: 'desc' }, range: 'last7Days', limit: 2 }, NOW);
    const day = (iso: string) => String(Date.parse(iso) / 1000);
    const result = presentAggregate(plan, [
      { dimensions: [[day('2026-03-10T00:00:00Z')]], metrics: [3] },
      { dimensions: [[day('2026-03-12T00:00:00Z')]], metrics: [5] },
    ]);
    expect(result.columns).toEqual([
      { column: 'datetime', values: ['2026-03-12T00:00:00.000Z', '2026-03-10T00:00:00.000Z'] },
      { column: 'eventsCount', values: [5, 3] },
    ]);
  });
});
