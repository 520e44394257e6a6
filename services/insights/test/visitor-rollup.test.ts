import { planAggregate, type AggregateQueryInput } from '../src/modules/insights/domain/aggregate-query';
import { backfillStatement, visitorRollupDimension } from '../src/modules/insights/store/clickhouse/visitor-rollup';

const NOW = new Date('2026-03-15T12:00:00Z');
const dimensionOf = (input: Partial<AggregateQueryInput>) => visitorRollupDimension(planAggregate({ range: 'lastYear', ...input }, NOW));

describe('visitor rollup eligibility', () => {
  it('answers visitor counts over long ranges, in total or by country', () => {
    expect(dimensionOf({ select: [{ column: 'visitorsCount' }] })).toBe('');
    expect(dimensionOf({ select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }], groupBy: [{ column: 'visitorGeoCountry' }] })).toBe('country');
    expect(dimensionOf({ select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }], range: 'last3Months' })).toBe('country');
    expect(
      dimensionOf({ select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }], order: { by: { column: 'visitorsCount' }, direction: 'desc' } }),
    ).toBe('country');
    expect(
      dimensionOf({
        select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }],
        where: [{ column: 'visitorsCount', operator: 'greaterThan', values: [3] }],
      }),
    ).toBe('country');
  });

  it('leaves to raw rows what it does not keep, and short ranges', () => {
    expect(dimensionOf({ select: [{ column: 'visitorsCount' }], range: 'last30Days' })).toBeNull();
    expect(dimensionOf({ select: [{ column: 'visitorGeoCountry' }, { column: 'visitorsCount' }, { column: 'eventsCount' }] })).toBeNull();
    expect(dimensionOf({ select: [{ column: 'visitorLanguage' }, { column: 'visitorsCount' }] })).toBeNull();
    expect(dimensionOf({ select: [{ column: 'visitorBrowser' }, { column: 'visitorsCount' }] })).toBeNull();
    expect(dimensionOf({ select: [{ column: 'visitorGeoCountry' }, { column: 'visitorOS' }, { column: 'visitorsCount' }] })).toBeNull();
    expect(dimensionOf({ select: [{ column: 'datetime', interval: 'month' }, { column: 'visitorsCount' }] })).toBeNull();
    expect(dimensionOf({ select: [{ column: 'visitorsCount' }], where: [{ column: 'eventType', values: ['page_view'] }] })).toBeNull();
    expect(
      dimensionOf({ select: [{ column: 'visitorsCount' }], where: [{ column: 'datetime', operator: 'greaterThan', values: ['2026-03-01T00:00:00Z'] }] }),
    ).toBeNull();
  });

  it('backfills one checked monthly partition at a time', () => {
    expect(backfillStatement('202603')).toContain('WHERE toYYYYMM(timestamp) = 202603');
    expect(() => backfillStatement('2026; DROP TABLE x')).toThrow(TypeError);
  });
});
