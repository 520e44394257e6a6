import { planAggregate, type AggregateQueryInput } from '../src/modules/insights/domain/aggregate-query';
import { coverageStartDay, rollupWindow } from '../src/modules/insights/store/clickhouse/daily-rollup';

const NOW = new Date('2026-03-15T12:00:00Z');
const TODAY = Math.floor(NOW.getTime() / 86_400_000);
const windowOf = (input: Partial<AggregateQueryInput>, coversFrom = 0) => rollupWindow(planAggregate({ range: 'last30Days', ...input }, NOW), coversFrom);

describe('daily rollup eligibility', () => {
  it('answers event counts by day, week, month, type, url and page, for the whole days of the range', () => {
    // last30Days from 12:00 thirty days ago: that day and today are partial.
    expect(
      windowOf({ select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }], where: [{ column: 'eventType', values: ['page_view'] }] }),
    ).toEqual({ firstDay: TODAY - 29, lastDay: TODAY - 1 });
    expect(windowOf({ select: [{ column: 'page' }, { column: 'eventsCount' }], groupBy: [{ column: 'page' }] })).not.toBeNull();
    expect(windowOf({ select: [{ column: 'datetime', interval: 'month' }, { column: 'url' }, { column: 'eventsCount' }] })).not.toBeNull();
    expect(windowOf({ select: [{ column: 'eventsCount' }], where: [{ column: 'eventsCount', operator: 'greaterThan', values: [3] }] })).not.toBeNull();
  });

  it('leaves to raw rows what the rollup does not keep', () => {
    expect(windowOf({ select: [{ column: 'visitorsCount' }] })).toBeNull();
    expect(windowOf({ select: [{ column: 'datetime', interval: 'hour' }, { column: 'eventsCount' }] })).toBeNull();
    expect(windowOf({ select: [{ column: 'visitorGeoCountry' }, { column: 'eventsCount' }] })).toBeNull();
    expect(windowOf({ select: [{ column: 'eventsCount' }], where: [{ column: 'visitorBrowser', values: ['chrome'] }] })).toBeNull();
    expect(
      windowOf({ select: [{ column: 'eventsCount' }], where: [{ column: 'datetime', operator: 'greaterThan', values: ['2026-03-01T00:00:00Z'] }] }),
    ).toBeNull();
    expect(windowOf({ select: [{ column: 'eventsCount' }], range: 'last24Hours' })).toBeNull();
  });

  it('starts at the first day the view is complete for', () => {
    expect(coverageStartDay(false, NOW)).toBe(0);
    expect(coverageStartDay(true, NOW)).toBe(TODAY + 2);
    expect(windowOf({ select: [{ column: 'eventsCount' }] }, TODAY - 5)).toEqual({ firstDay: TODAY - 5, lastDay: TODAY - 1 });
    expect(windowOf({ select: [{ column: 'eventsCount' }] }, TODAY + 2)).toBeNull();
  });
});
