import { badRequest } from '@quire/errors';
import {
  fieldDefinition,
  fieldMatch,
  isFieldColumn,
  isMetricColumn,
  isRatingColumn,
  type ColumnParams,
  type DateTimeInterval,
  type FieldColumn,
  type FilterValue,
  type Metric,
  type ReferenceColumn,
} from '../model/aggregate-columns';
import type { AggregatePlan, Comparison, Dimension, OutputKey } from '../model/aggregate-plan';
import { rangeBounds, type RangeInput } from './aggregate-range';

// The reference SiteInsightsQueryEventsAggregation, validated once into an AggregatePlan: the one
// description both stores' SQL builders read. Every invalid column or combination is a 400 that
// names the field.

export interface ColumnInput {
  column: ReferenceColumn;
  interval?: DateTimeInterval;
  claim?: string;
  precision?: number;
}

export type { FilterValue };

export interface FilterInput {
  column: ReferenceColumn;
  values: FilterValue[];
  operator?: Operator;
  claim?: string;
}

export type Operator = 'in' | 'notIn' | 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';

export interface AggregateQueryInput {
  select?: ColumnInput[];
  where?: FilterInput[];
  groupBy?: ColumnInput[];
  order?: { by: ColumnInput; direction: 'asc' | 'desc' };
  range: RangeInput;
  limit?: number;
}

export const MAX_LIMIT = 1000;
const COMPARISONS: Partial<Record<Operator, Comparison>> = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' };

export function planAggregate(input: AggregateQueryInput, now: Date): AggregatePlan {
  const { from, to } = rangeBounds(input.range, now);
  const dimensions: Dimension[] = [];
  (input.groupBy ?? []).forEach((column, i) => {
    const dimension = toDimension(column, `groupBy.${i}`);
    if (!dimension) throw badRequest(`Invalid body field "groupBy.${i}.column": a metric cannot be grouped by`);
    addDimension(dimensions, dimension, `groupBy.${i}`);
  });
  const output: OutputKey[] = [];
  const metrics: Metric[] = [];
  const select = input.select && input.select.length > 0 ? input.select : [...(input.groupBy ?? []), { column: 'eventsCount' as const }];
  select.forEach((column, i) => output.push(outputKey(column, `select.${i}`, dimensions, metrics, input.groupBy !== undefined)));
  const order = input.order ? { key: orderKey(input.order.by, dimensions, output), direction: input.order.direction } : defaultOrder(dimensions, output);
  const plan: AggregatePlan = {
    from,
    to,
    dimensions,
    metrics,
    output,
    fieldFilters: [],
    timeFilters: [],
    having: [],
    order,
    limit: input.limit ?? MAX_LIMIT,
    fillInterval: null,
  };
  (input.where ?? []).forEach((filter, i) => addFilter(plan, filter, `where.${i}`));
  restrictToEventTypes(plan, [...dimensions.flatMap((d) => (d.kind === 'field' ? [d.column] : [])), ...(input.where ?? []).map((f) => f.column)]);
  const only = dimensions.length === 1 ? dimensions[0] : undefined;
  plan.fillInterval = only?.kind === 'datetime' && plan.having.length === 0 ? only.interval : null;
  return plan;
}

export function sameKey(a: OutputKey, b: OutputKey): boolean {
  return 'metric' in a ? 'metric' in b && a.metric === b.metric : 'dimension' in b && a.dimension === b.dimension;
}

function toDimension(column: ColumnInput, field: string): Dimension | null {
  if (isMetricColumn(column.column)) return null;
  if (column.column === 'datetime') return { kind: 'datetime', interval: column.interval ?? 'day' };
  if (isFieldColumn(column.column)) {
    const params = columnParams(column.column, column, field);
    return { kind: 'field', column: column.column, params, sources: fieldDefinition(column.column).sources(params) };
  }
  throw badRequest(`Invalid body field "${field}.column": ${column.column} is not supported`);
}

/** The parameters a column uses (others are ignored), checked: visitorClaim needs its claim. */
function columnParams(column: FieldColumn, input: { claim?: string; precision?: number }, field: string): ColumnParams {
  if (fieldDefinition(column).needsClaim) {
    if (!input.claim) throw badRequest(`Invalid body field "${field}.claim": ${column} needs the name of a claim`);
    return { claim: input.claim };
  }
  return column === 'visitorGeoPoint' && input.precision !== undefined ? { precision: input.precision } : {};
}

function dimensionIndex(dimensions: Dimension[], dimension: Dimension): number {
  return dimensions.findIndex((d) =>
    d.kind === 'datetime'
      ? dimension.kind === 'datetime'
      : dimension.kind === 'field' &&
        d.column === dimension.column &&
        d.params.claim === dimension.params.claim &&
        d.params.precision === dimension.params.precision,
  );
}

function addDimension(dimensions: Dimension[], dimension: Dimension, field: string): number {
  const index = dimensionIndex(dimensions, dimension);
  if (index < 0) return dimensions.push(dimension) - 1;
  const existing = dimensions[index];
  if (existing?.kind === 'datetime' && dimension.kind === 'datetime' && existing.interval !== dimension.interval) {
    throw badRequest(`Invalid body field "${field}.interval": datetime is already used with interval ${existing.interval}`);
  }
  return index;
}

function outputKey(column: ColumnInput, field: string, dimensions: Dimension[], metrics: Metric[], explicitGroupBy: boolean): OutputKey {
  if (isMetricColumn(column.column)) {
    if (!metrics.includes(column.column)) metrics.push(column.column);
    return { metric: column.column };
  }
  const dimension = toDimension(column, field) as Dimension;
  const index = dimensionIndex(dimensions, dimension);
  // With an explicit groupBy, a selected dimension must be one of its columns (as in SQL);
  // without one, selecting a dimension groups by it.
  if (index < 0 && explicitGroupBy) throw badRequest(`Invalid body field "${field}.column": ${column.column} must also be in groupBy`);
  return { dimension: addDimension(dimensions, dimension, field) };
}

function orderKey(by: ColumnInput, dimensions: Dimension[], output: OutputKey[]): OutputKey {
  const dimension = isMetricColumn(by.column) ? null : toDimension(by, 'order.by');
  const key: OutputKey = dimension ? { dimension: dimensionIndex(dimensions, dimension) } : { metric: by.column as Metric };
  if (('dimension' in key && key.dimension < 0) || !output.some((o) => sameKey(o, key))) {
    throw badRequest(`Invalid body field "order.by.column": ${by.column} must be a selected column`);
  }
  return key;
}

function defaultOrder(dimensions: Dimension[], output: OutputKey[]): AggregatePlan['order'] {
  const time = dimensions.findIndex((d) => d.kind === 'datetime');
  if (time >= 0) return { key: { dimension: time }, direction: 'asc' };
  const metric = output.find((o) => 'metric' in o);
  if (metric) return { key: metric, direction: 'desc' };
  return { key: output[0] ?? { metric: 'eventsCount' }, direction: 'asc' };
}

function addFilter(plan: AggregatePlan, filter: FilterInput, field: string): void {
  const operator = filter.operator ?? 'in';
  const comparison = COMPARISONS[operator];
  if (filter.column === 'datetime') {
    if (!comparison || filter.values.length !== 1)
      throw badRequest(`Invalid body field "${field}.operator": datetime takes one value and a comparison operator`);
    plan.timeFilters.push({ op: comparison, seconds: timestampSeconds(filter.values[0], `${field}.values.0`) });
    return;
  }
  if (isRatingColumn(filter.column)) {
    throw badRequest(`Invalid body field "${field}.column": ${filter.column} counts ratings per group and cannot be filtered`);
  }
  if (isMetricColumn(filter.column)) {
    const value = filter.values[0];
    if (!comparison || filter.values.length !== 1 || typeof value !== 'number') {
      throw badRequest(`Invalid body field "${field}.operator": ${filter.column} takes one number and a comparison operator`);
    }
    if (!plan.metrics.includes(filter.column)) plan.metrics.push(filter.column);
    plan.having.push({ metric: filter.column, op: comparison, value });
    return;
  }
  if (!isFieldColumn(filter.column)) throw badRequest(`Invalid body field "${field}.column": ${filter.column} is not supported`);
  if (comparison) throw badRequest(`Invalid body field "${field}.operator": ${filter.column} takes in or notIn`);
  const match = fieldMatch(filter.column, filter.values, columnParams(filter.column, filter, field), `${field}.values`);
  plan.fieldFilters.push({ match, negate: operator === 'notIn' });
}

/**
 * A query that groups or filters by an event column (e.g. eventLinkPosition) reads only the
 * events that carry it; with several, only events carrying all of them.
 */
function restrictToEventTypes(plan: AggregatePlan, columns: ReferenceColumn[]): void {
  const restrictions = new Set<string>();
  for (const column of columns) {
    const types = isFieldColumn(column) ? fieldDefinition(column).eventTypes : undefined;
    if (!types || restrictions.has(types.join())) continue;
    restrictions.add(types.join());
    plan.fieldFilters.push({ match: { source: { kind: 'row', column: 'type' }, type: 'String', values: [...types] }, negate: false });
  }
}

function timestampSeconds(value: FilterValue | undefined, field: string): number {
  const ms = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN;
  if (!Number.isFinite(ms) || ms < 0) throw badRequest(`Invalid body field "${field}": must be a timestamp`);
  return Math.floor(ms / 1000);
}
