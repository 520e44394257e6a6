import type { InsightsEventRow } from './event-row';

// The whitelist of query columns (reference SiteInsightsQueryEventsColumn): what each one reads
// from the stored row, and how its values are presented. Only these names ever reach SQL.

export const DATETIME_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type DateTimeInterval = (typeof DATETIME_INTERVALS)[number];

export const METRIC_COLUMNS = ['eventsCount', 'sessionsCount', 'visitorsCount'] as const;
export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Where a field column's value comes from: a stored column, the bot flag, or a key of `properties`. */
export type FieldSource =
  | { kind: 'row'; column: Exclude<keyof InsightsEventRow, 'timestamp' | 'ingested_at' | 'is_bot'> }
  | { kind: 'bot' }
  | { kind: 'property'; key: 'query' };

interface FieldDefinition {
  /** One source per SQL expression; the first is the one filters compare. */
  sources: readonly FieldSource[];
  present(values: string[]): unknown;
}

const row = (column: Extract<FieldSource, { kind: 'row' }>['column']): FieldSource => ({ kind: 'row', column });
// Reference columns typed `nullable` answer null where nothing was recorded.
const nullable = (values: string[]): string | null => (values[0] ? values[0] : null);
const plain = (values: string[]): string => values[0] ?? '';

export const FIELD_COLUMNS = {
  url: { sources: [row('url')], present: plain },
  eventType: { sources: [row('type')], present: plain },
  siteSection: { sources: [row('site_section')], present: nullable },
  siteSpace: { sources: [row('site_space')], present: nullable },
  siteShareKey: { sources: [row('site_share_key')], present: nullable },
  page: {
    sources: [row('page'), row('space')],
    // Reference: null, or { page (nullable), space }.
    present: ([page, space]: string[]) => (page || space ? { page: page || null, space: space ?? '' } : null),
  },
  visitorGeoCountry: { sources: [row('country')], present: nullable },
  visitorDevice: { sources: [row('device')], present: (v: string[]) => v[0] || 'unknown' },
  visitorBrowser: { sources: [row('browser')], present: (v: string[]) => v[0] || 'unknown' },
  visitorOS: { sources: [row('os')], present: (v: string[]) => v[0] || 'unknown' },
  // The stored row keeps a bot flag, not the bot's name: 'unknown' for a bot, '' for a person.
  visitorBot: { sources: [{ kind: 'bot' }], present: plain },
  visitorLanguage: { sources: [row('language')], present: nullable },
  referrer: { sources: [row('referrer')], present: plain },
  eventSearchQuery: { sources: [{ kind: 'property', key: 'query' }], present: plain },
} satisfies Record<string, FieldDefinition>;

export type FieldColumn = keyof typeof FIELD_COLUMNS;

export function isFieldColumn(name: string): name is FieldColumn {
  return Object.prototype.hasOwnProperty.call(FIELD_COLUMNS, name);
}

export function isMetricColumn(name: string): name is MetricColumn {
  return (METRIC_COLUMNS as readonly string[]).includes(name);
}

/** Every column name of the reference, supported or not (the schema accepts these; the planner says which are not supported). */
export const REFERENCE_COLUMNS = [
  'datetime', 'url', 'eventType', 'eventsCount', 'sessionsCount', 'visitorsCount', 'siteSection', 'siteSpace',
  'siteShareKey', 'displayContext', 'page', 'visitorGeoCountry', 'visitorGeoPoint', 'visitorDevice', 'visitorBrowser',
  'visitorOS', 'visitorBot', 'visitorLanguage', 'eventLinkTargetValue', 'eventLinkTargetKind', 'eventLinkTargetDomain',
  'eventLinkPosition', 'eventAPIOperationPath', 'eventAPIOperationMethod', 'eventSearchQuery', 'eventPageFeedbackRating',
  'eventPageFeedbackComment', 'eventAskResponseRating', 'pageFeedbackRating', 'askResponseRating', 'referrer',
  'referrerDomain', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'visitorClaimProperty',
  'visitorClaim', 'eventAdDomain', 'eventAdPlacement', 'eventTrademarkPlacement',
] as const;
export type ReferenceColumn = (typeof REFERENCE_COLUMNS)[number];
