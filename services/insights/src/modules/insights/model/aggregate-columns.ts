import { badRequest } from '@quire/errors';
import { canonicalJson } from './canonical-json';
import type { InsightsEventRow } from './event-row';
import { cellPoint, cellResolution, FINEST_PRECISION, sqlCellText } from './geo-cell';

// The whitelist of query columns (reference SiteInsightsQueryEventsColumn): what each one reads
// from the stored row, and how its values are presented. Only these names ever reach SQL.

export const DATETIME_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type DateTimeInterval = (typeof DATETIME_INTERVALS)[number];

/** The count metrics. */
export const METRIC_COLUMNS = ['eventsCount', 'sessionsCount', 'visitorsCount'] as const;
export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/**
 * The rating columns are metrics, not dimensions: the reference gives their values as counts
 * per rating ({ good, ok, bad } and { positive, negative }) of each group, so they are selected
 * next to dimensions (e.g. per page) and can be ordered by, but not grouped by or filtered.
 */
export interface RatingDefinition {
  /** The events that are ratings: page_post_feedback only, because a comment event repeats the rating given just before it. */
  eventType: string;
  column: 'feedback_rating' | 'ask_rating';
  /** One count per bucket; `weight` makes the net score ordering uses (positive minus negative). */
  buckets: readonly { key: string; value: string | number; weight: number }[];
}

export const RATING_COLUMNS = {
  pageFeedbackRating: {
    eventType: 'page_post_feedback',
    column: 'feedback_rating',
    buckets: [
      { key: 'good', value: 'good', weight: 1 },
      { key: 'ok', value: 'ok', weight: 0 },
      { key: 'bad', value: 'bad', weight: -1 },
    ],
  },
  askResponseRating: {
    eventType: 'ask_rate_response',
    column: 'ask_rating',
    buckets: [
      { key: 'positive', value: 1, weight: 1 },
      { key: 'negative', value: -1, weight: -1 },
    ],
  },
} as const satisfies Record<string, RatingDefinition>;
export type RatingColumn = keyof typeof RATING_COLUMNS;

/** Any metric column: a count or a rating. */
export type Metric = MetricColumn | RatingColumn;

export function isRatingColumn(name: string): name is RatingColumn {
  return Object.prototype.hasOwnProperty.call(RATING_COLUMNS, name);
}

/** A metric as the reference presents it: a count, or counts per rating. */
export function presentMetric(metric: Metric, counts: number[]): unknown {
  if (!isRatingColumn(metric)) return counts[0] ?? 0;
  return Object.fromEntries(RATING_COLUMNS[metric].buckets.map((b, i) => [b.key, counts[i] ?? 0]));
}

/** The single number a metric is ordered (and compared) by: a count, or a rating's net score. */
export function metricScore(metric: Metric, counts: number[]): number {
  if (!isRatingColumn(metric)) return counts[0] ?? 0;
  return RATING_COLUMNS[metric].buckets.reduce((sum, b, i) => sum + b.weight * (counts[i] ?? 0), 0);
}

type RowColumn = Exclude<keyof InsightsEventRow, 'timestamp' | 'ingested_at' | 'is_bot' | 'visitor_claim_keys' | 'visitor_claim_values'>;

/**
 * Where a field column's value comes from. Scalar sources give one value per event; the claim
 * sources are arrays (one event, several claims), which a grouping spreads to one row per element
 * and a filter matches when any element does.
 */
export type FieldSource =
  | { kind: 'row'; column: RowColumn }
  | { kind: 'bot' }
  | { kind: 'property'; key: 'query' }
  /** The stored H3 cell's parent at `precision`, as 16 hex digits ('' when unknown). */
  | { kind: 'geoCell'; precision: number }
  /** The values of one visitor claim. */
  | { kind: 'claimValues'; claim: string }
  /** The distinct claim names of the visitor. */
  | { kind: 'claimKeys' };

export function isArraySource(source: FieldSource): source is Extract<FieldSource, { kind: 'claimValues' | 'claimKeys' }> {
  return source.kind === 'claimValues' || source.kind === 'claimKeys';
}

const NUMERIC_COLUMNS: readonly RowColumn[] = ['geo_lat', 'geo_lon', 'ask_rating'];

/** Numbers sort as numbers in both stores; only text needs a collation to sort alike. */
export function isNumericSource(source: FieldSource | undefined): boolean {
  return source?.kind === 'row' && NUMERIC_COLUMNS.includes(source.column);
}

/** The parameters a column may take (reference: `claim` of visitorClaim, `precision` of visitorGeoPoint). */
export interface ColumnParams {
  claim?: string;
  precision?: number;
}

/** A filter value as the reference gives it (a page or geo point as an object, a link target as a ContentRef). */
export type FilterValue = string | number | null | { [key: string]: unknown };

/** What a filter compares: one source and the values in the type they are bound with. */
export interface FilterMatch {
  source: FieldSource;
  type: 'String' | 'Int64';
  values: (string | number)[];
}

interface FieldDefinition {
  /** One source per SQL expression, read together as one value by `present`. */
  sources(params: ColumnParams): readonly FieldSource[];
  present(values: string[], params: ColumnParams): unknown;
  /** What an in / notIn filter compares (default: the first source, as strings, null as ''). */
  match?(values: FilterValue[], params: ColumnParams, field: string): FilterMatch;
  /**
   * The event types that carry this column. A query that groups or filters by it reads only
   * those events: "link clicks by position" has no bucket for page views, and the reference gives
   * these columns no empty value.
   */
  eventTypes?: readonly string[];
  /** The column needs `claim` (visitorClaim). */
  needsClaim?: true;
}

const row = (column: RowColumn): FieldSource => ({ kind: 'row', column });
const fixed =
  (...sources: FieldSource[]) =>
  () =>
    sources;
// Reference columns typed `nullable` answer null where nothing was recorded.
const nullable = (values: string[]): string | null => (values[0] ? values[0] : null);
const plain = (values: string[]): string => values[0] ?? '';
const known = (values: string[]): string => values[0] || 'unknown';

function text(value: FilterValue, field: string): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  throw badRequest(`Invalid body field "${field}": must be a string`);
}

function objectValue(value: FilterValue, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object') throw badRequest(`Invalid body field "${field}": must be an object`);
  return value;
}

const textMatch =
  (source: FieldSource) =>
  (values: FilterValue[], _params: ColumnParams, field: string): FilterMatch => ({
    source,
    type: 'String',
    values: values.map((v, j) => text(v, `${field}.${j}`)),
  });

/** An event column: read from its own row column, only on the events that carry it. */
function eventColumn(column: RowColumn, eventTypes: readonly string[], present: (values: string[]) => unknown = plain): FieldDefinition {
  return { sources: fixed(row(column)), present, eventTypes };
}

const LINK = ['link_click'];
const API = ['api_client_open', 'api_client_request'];
const AD = ['ad_click', 'ad_display'];

/**
 * visitorGeoPoint: with `precision`, the H3 cell of that resolution (its centre as the point);
 * without, the recorded point itself and its finest cell. Unknown locations answer null.
 */
const geoPoint: FieldDefinition = {
  sources: ({ precision }) =>
    precision === undefined ? [row('geo_lat'), row('geo_lon'), { kind: 'geoCell', precision: FINEST_PRECISION }] : [{ kind: 'geoCell', precision }],
  present: (values, { precision }) => {
    const cell = values[values.length - 1];
    if (!cell) return null;
    const point = cellPoint(cell);
    return precision === undefined ? { ...point, latitude: Number(values[0]), longitude: Number(values[1]) } : point;
  },
  // A filter names cells (the h3 of points a previous answer gave); their resolution says which
  // parent of the stored cell to compare, so it is the same for every value of one filter.
  match: (values, _params, field) => {
    const cells = values.map((v, j) => (v === null ? '' : (sqlCellText(String(objectValue(v, `${field}.${j}`).h3 ?? '')) ?? badCell(`${field}.${j}.h3`))));
    const resolutions = new Set(cells.filter(Boolean).map(cellResolution));
    if (resolutions.size > 1) throw badRequest(`Invalid body field "${field}": all cells must have the same resolution`);
    const [precision = FINEST_PRECISION] = resolutions;
    return { source: { kind: 'geoCell', precision }, type: 'String', values: cells };
  },
};

function badCell(field: string): never {
  throw badRequest(`Invalid body field "${field}": must be an H3 cell index`);
}

export const FIELD_COLUMNS = {
  url: { sources: fixed(row('url')), present: plain },
  eventType: { sources: fixed(row('type')), present: plain },
  siteSection: { sources: fixed(row('site_section')), present: nullable },
  siteSpace: { sources: fixed(row('site_space')), present: nullable },
  siteShareKey: { sources: fixed(row('site_share_key')), present: nullable },
  // Events sent without a display context were recorded on the site itself (the reference's default).
  displayContext: { sources: fixed(row('display_context')), present: (v: string[]) => v[0] || 'site' },
  page: {
    sources: fixed(row('page'), row('space')),
    // Reference: null, or { page (nullable), space }.
    present: ([page, space]: string[]) => (page || space ? { page: page || null, space: space ?? '' } : null),
    // Filters compare the page id ('' for null).
    match: (values: FilterValue[], _params: ColumnParams, field: string): FilterMatch => ({
      source: row('page'),
      type: 'String',
      values: values.map((v, j) =>
        v === null || typeof v === 'string'
          ? text(v, `${field}.${j}`)
          : text((objectValue(v, `${field}.${j}`).page ?? null) as FilterValue, `${field}.${j}.page`),
      ),
    }),
  },
  visitorGeoCountry: { sources: fixed(row('country')), present: nullable },
  visitorGeoPoint: geoPoint,
  visitorDevice: { sources: fixed(row('device')), present: known },
  visitorBrowser: { sources: fixed(row('browser')), present: known },
  visitorOS: { sources: fixed(row('os')), present: known },
  // The stored row keeps a bot flag, not the bot's name: 'unknown' for a bot, '' for a person.
  visitorBot: { sources: fixed({ kind: 'bot' }), present: plain },
  visitorLanguage: { sources: fixed(row('language')), present: nullable },
  // The target as the client sent it (a ContentRef); filters give ContentRefs in any key order.
  eventLinkTargetValue: {
    ...eventColumn('link_target_value', LINK, (v) => JSON.parse(v[0] || 'null') as unknown),
    match: (values: FilterValue[], _params: ColumnParams, field: string): FilterMatch => ({
      source: row('link_target_value'),
      type: 'String',
      values: values.map((v, j) => canonicalJson(objectValue(v, `${field}.${j}`))),
    }),
  },
  eventLinkTargetKind: eventColumn('link_target_kind', LINK),
  // Null for a link to content of the site (a page, a file, …): only URL targets have a domain.
  eventLinkTargetDomain: eventColumn('link_target_domain', LINK, nullable),
  eventLinkPosition: eventColumn('link_position', LINK),
  eventAPIOperationPath: eventColumn('api_operation_path', API, nullable),
  eventAPIOperationMethod: eventColumn('api_operation_method', API, nullable),
  eventSearchQuery: { sources: fixed({ kind: 'property', key: 'query' }), present: plain },
  // A comment event carries the rating it comments on, so both feedback events have one.
  eventPageFeedbackRating: eventColumn('feedback_rating', ['page_post_feedback', 'page_post_feedback_comment']),
  eventPageFeedbackComment: eventColumn('feedback_comment', ['page_post_feedback_comment']),
  eventAskResponseRating: {
    ...eventColumn('ask_rating', ['ask_rate_response'], (v) => Number(v[0])),
    match: (values: FilterValue[], _params: ColumnParams, field: string): FilterMatch => ({
      source: row('ask_rating'),
      type: 'Int64',
      values: values.map((v, j) => {
        if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw badRequest(`Invalid body field "${field}.${j}": must be an integer`);
        return v;
      }),
    }),
  },
  referrer: { sources: fixed(row('referrer')), present: plain },
  referrerDomain: { sources: fixed(row('referrer_domain')), present: plain },
  utmSource: { sources: fixed(row('utm_source')), present: plain },
  utmMedium: { sources: fixed(row('utm_medium')), present: plain },
  utmCampaign: { sources: fixed(row('utm_campaign')), present: plain },
  utmTerm: { sources: fixed(row('utm_term')), present: plain },
  utmContent: { sources: fixed(row('utm_content')), present: plain },
  // The names of the visitors' claims (nested ones as a.b): which claims there are to break down by.
  visitorClaimProperty: {
    sources: fixed({ kind: 'claimKeys' }),
    present: plain,
    match: (values: FilterValue[], params: ColumnParams, field: string) => textMatch({ kind: 'claimKeys' })(values, params, field),
  },
  // The values of one claim; a visitor without it is not counted (no empty value in the reference).
  visitorClaim: {
    sources: ({ claim }: ColumnParams) => [{ kind: 'claimValues', claim: claim ?? '' }],
    present: plain,
    match: (values: FilterValue[], params: ColumnParams, field: string) => textMatch({ kind: 'claimValues', claim: params.claim ?? '' })(values, params, field),
    needsClaim: true,
  },
  eventAdDomain: eventColumn('ad_domain', AD),
  eventAdPlacement: eventColumn('ad_placement', AD),
  eventTrademarkPlacement: eventColumn('trademark_placement', ['trademark_click']),
} satisfies Record<string, FieldDefinition>;

export type FieldColumn = keyof typeof FIELD_COLUMNS;

export function fieldDefinition(column: FieldColumn): FieldDefinition {
  return FIELD_COLUMNS[column];
}

/** The filter comparison of a field column (its own, or the first source as strings). */
export function fieldMatch(column: FieldColumn, values: FilterValue[], params: ColumnParams, field: string): FilterMatch {
  const definition = fieldDefinition(column);
  if (definition.match) return definition.match(values, params, field);
  return textMatch(definition.sources(params)[0] as FieldSource)(values, params, field);
}

export function isFieldColumn(name: string): name is FieldColumn {
  return Object.prototype.hasOwnProperty.call(FIELD_COLUMNS, name);
}

/** A count or a rating. */
export function isMetricColumn(name: string): name is Metric {
  return (METRIC_COLUMNS as readonly string[]).includes(name) || isRatingColumn(name);
}

/** Every column name of the reference (the schema accepts these; the planner says which combinations are valid). */
export const REFERENCE_COLUMNS = [
  'datetime',
  'url',
  'eventType',
  'eventsCount',
  'sessionsCount',
  'visitorsCount',
  'siteSection',
  'siteSpace',
  'siteShareKey',
  'displayContext',
  'page',
  'visitorGeoCountry',
  'visitorGeoPoint',
  'visitorDevice',
  'visitorBrowser',
  'visitorOS',
  'visitorBot',
  'visitorLanguage',
  'eventLinkTargetValue',
  'eventLinkTargetKind',
  'eventLinkTargetDomain',
  'eventLinkPosition',
  'eventAPIOperationPath',
  'eventAPIOperationMethod',
  'eventSearchQuery',
  'eventPageFeedbackRating',
  'eventPageFeedbackComment',
  'eventAskResponseRating',
  'pageFeedbackRating',
  'askResponseRating',
  'referrer',
  'referrerDomain',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'visitorClaimProperty',
  'visitorClaim',
  'eventAdDomain',
  'eventAdPlacement',
  'eventTrademarkPlacement',
] as const;
export type ReferenceColumn = (typeof REFERENCE_COLUMNS)[number];
