import { text, z } from '@quire/input';
import { DATETIME_INTERVALS, REFERENCE_COLUMNS } from '../../model/aggregate-columns';
import { MAX_LIMIT } from '../../domain/aggregate-query';
import { RANGE_PRESETS } from '../../domain/aggregate-range';
import { refuseUnstorable } from '../../domain/storable-json';

// Reference SiteInsightsQueryEventsAggregation. The shapes are checked here; which columns are
// supported and which combinations make sense is the planner's job (domain/aggregate-query.ts).

const column = z
  .object({
    column: z.enum(REFERENCE_COLUMNS),
    interval: z.enum(DATETIME_INTERVALS).optional(),
    claim: text({ max: 256 }).optional(),
    precision: z.number().int().min(0).max(15).optional(),
  })
  .strict();

// Objects are a page ({ page, space }), a geo point ({ latitude, longitude, h3 }) or a link target
// (ContentRef): which one a column takes is checked by the planner (aggregate-columns.ts).
const filterValue = z.union([text({ max: 2048 }), z.number(), z.null(), z.record(text({ max: 256 }), z.unknown())]);

const filter = z
  .object({
    column: z.enum(REFERENCE_COLUMNS),
    // An empty list would be `IN ()`, which ClickHouse rejects; it also means nothing.
    values: z.array(filterValue).min(1).max(1000),
    operator: z.enum(['in', 'notIn', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual']).optional(),
    claim: text({ max: 256 }).optional(),
  })
  .strict();

const aggregateQuery = z
  .object({
    select: z.array(column).max(50).optional(),
    where: z.array(filter).max(50).optional(),
    groupBy: z.array(column).max(10).optional(),
    order: z
      .object({ by: column, direction: z.enum(['asc', 'desc']) })
      .strict()
      .optional(),
    range: z.union([z.enum(RANGE_PRESETS), z.object({ from: text({ max: 64 }), to: text({ max: 64 }) }).strict()]),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  })
  .strict();

/** The request body: what no store can take (lone surrogates, Infinity, deep nesting) is refused first. */
export const aggregateBody = z.unknown().superRefine(refuseUnstorable).pipe(aggregateQuery);
