import type { AggregateQueryInput } from '../src/modules/insights/domain/aggregate-query';
import { FIELD_COLUMNS, type FieldColumn } from '../src/modules/insights/model/aggregate-columns';
import { NOW } from './store-fixtures';

// Aggregate queries of every shape the store builds SQL for, over the store fixtures: the
// ClickHouse tests run them against 18.16 and a current engine.

const DAY_MS = 86_400_000;
/** A custom range longer than a month that starts inside the fixtures' 40 days. */
const LAST_35_DAYS = { from: new Date(NOW.getTime() - 35 * DAY_MS).toISOString(), to: NOW.toISOString() };

const visitorsBy = (column: FieldColumn | null, extra: Partial<AggregateQueryInput> = {}): AggregateQueryInput => ({
  range: 'lastYear',
  select: [...(column ? [{ column }] : []), { column: 'visitorsCount' as const }],
  ...(column ? { groupBy: [{ column }] } : {}),
  ...extra,
});

/** The shapes the visitor rollup answers (visitor-rollup.ts). */
export const VISITOR_ROLLUP_SHAPES: AggregateQueryInput[] = [
  visitorsBy(null),
  visitorsBy(null, { range: 'last3Months' }),
  visitorsBy(null, { range: LAST_35_DAYS }),
  visitorsBy('visitorGeoCountry'),
  visitorsBy('visitorGeoCountry', { range: LAST_35_DAYS }),
  visitorsBy('visitorGeoCountry', { order: { by: { column: 'visitorsCount' }, direction: 'desc' }, limit: 1 }),
  visitorsBy('visitorGeoCountry', { range: 'last3Months' }),
  visitorsBy('visitorGeoCountry', { where: [{ column: 'visitorsCount', operator: 'greaterThan', values: [10] }] }),
];

const CLAIM_COLUMNS: FieldColumn[] = ['visitorClaim'];

/** Every field column grouped by, with each count; then filters, time buckets, ratings and the rollups' shapes. */
export const AGGREGATE_SHAPES: AggregateQueryInput[] = [
  ...(Object.keys(FIELD_COLUMNS) as FieldColumn[]).map((column) => {
    const params = CLAIM_COLUMNS.includes(column) ? { claim: 'plan' } : {};
    return {
      range: 'last3Months' as const,
      select: [{ column, ...params }, { column: 'eventsCount' as const }, { column: 'sessionsCount' as const }, { column: 'visitorsCount' as const }],
      groupBy: [{ column, ...params }],
    };
  }),
  ...(['hour', 'day', 'week', 'month'] as const).map((interval) => ({
    range: 'last30Days' as const,
    select: [{ column: 'datetime' as const, interval }, { column: 'eventsCount' as const }],
  })),
  {
    range: 'last3Months',
    select: [{ column: 'datetime', interval: 'day' }, { column: 'page' }, { column: 'eventsCount' }],
    where: [{ column: 'eventType', values: ['page_view'] }],
  },
  { range: 'last7Days', select: [{ column: 'url' }, { column: 'eventsCount' }], order: { by: { column: 'eventsCount' }, direction: 'desc' }, limit: 3 },
  { range: 'last3Months', select: [{ column: 'visitorGeoPoint', precision: 4 }, { column: 'visitorsCount' }] },
  {
    range: 'last3Months',
    select: [{ column: 'page' }, { column: 'pageFeedbackRating' }, { column: 'askResponseRating' }],
    order: { by: { column: 'pageFeedbackRating' }, direction: 'desc' },
  },
  { range: 'last3Months', select: [{ column: 'eventsCount' }], where: [{ column: 'visitorClaim', claim: 'plan', operator: 'notIn', values: ['free'] }] },
  {
    range: 'last3Months',
    select: [{ column: 'visitorBrowser' }, { column: 'eventsCount' }],
    where: [{ column: 'visitorGeoCountry', operator: 'notIn', values: ['US', null] }],
  },
  {
    range: 'last3Months',
    select: [{ column: 'eventsCount' }],
    where: [{ column: 'datetime', operator: 'greaterThan', values: [new Date(NOW.getTime() - 3 * DAY_MS).toISOString()] }],
  },
  {
    range: 'last3Months',
    select: [{ column: 'eventAskResponseRating' }, { column: 'eventsCount' }],
    where: [{ column: 'eventsCount', operator: 'greaterThanOrEqual', values: [2] }],
  },
  ...VISITOR_ROLLUP_SHAPES,
];
