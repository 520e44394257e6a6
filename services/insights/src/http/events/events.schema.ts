import { z } from '@quire/common';

// trackEventsInSiteById: the reference SiteInsightsEvent schemas (oneOf by `type`). Unknown
// fields are dropped, like the reference (no additionalProperties: false).

/** Documented batch limits: at most 1000 events and 1 MB of JSON per request. */
export const MAX_EVENTS_PER_BATCH = 1000;
export const MAX_BATCH_BYTES = 1024 * 1024;

// Reference URL: format uri, at most 2048 characters.
const url = z.string().max(2048).url();
const nullableId = z.string().max(256).nullable();

// Reference PlainObject: nested objects of strings, booleans, numbers and arrays of them.
type Plain = { [key: string]: string | boolean | number | Plain | Array<string | boolean | number | Plain> };
const plainObject: z.ZodType<Plain> = z.lazy(() =>
  z.record(z.union([plainObject, z.string(), z.boolean(), z.number(), z.array(z.union([z.string(), z.boolean(), z.number(), plainObject]))])),
);

const session = z.object({
  visitorId: z.string().max(256),
  sessionId: z.string().max(256),
  cookies: z.record(z.string()),
  ip: z.string().max(64).optional(),
  userAgent: z.string().max(1024),
  language: z.string().max(64).nullable(),
  referrer: z.union([z.literal(''), url]).nullable(),
  visitorAuthToken: z.string().nullable().optional(),
  visitorAuthClaims: plainObject.optional(),
});

const location = z.object({
  url,
  displayContext: z.enum(['site', 'embed']).optional(),
  siteSection: nullableId,
  siteSpace: nullableId,
  siteShareKey: nullableId,
  space: nullableId,
  revision: nullableId,
  page: nullableId,
});

// Reference Timestamp (date-time); optional: the ingest time is used when absent.
const base = { session, location, timestamp: z.string().datetime({ offset: true }).optional() };

const rating = z.enum(['bad', 'ok', 'good']);
const operation = z.object({ path: z.string(), method: z.string() });
// Reference SiteInsightsAdPlacement: only 'aside' (what the aggregate's eventAdPlacement answers).
const ad = z.object({ domain: z.string(), zoneId: z.string(), placement: z.enum(['aside']) });
const query = z.string().max(2048);

function eventOf<T extends string, S extends z.ZodRawShape>(type: T, fields: S) {
  return z.object({ ...base, type: z.literal(type), ...fields });
}

export const siteInsightsEvent = z.discriminatedUnion('type', [
  eventOf('page_view', {}),
  eventOf('search_open', {}),
  eventOf('search_type_query', { query }),
  eventOf('search_open_result', { query, result: z.object({ spaceId: z.string(), pageId: z.string() }) }),
  eventOf('page_post_feedback', { feedback: z.object({ rating }) }),
  eventOf('page_post_feedback_comment', { feedback: z.object({ rating, comment: z.string().min(1).max(512) }) }),
  eventOf('ask_question', { query }),
  eventOf('ask_view', {}),
  eventOf('ask_rate_response', { query, rating: z.union([z.literal(1), z.literal(-1)]), responseId: z.string() }),
  // ContentRef is a oneOf of nine shapes: kept as given, only its `kind` is checked.
  eventOf('link_click', {
    link: z.object({ target: z.object({ kind: z.string() }).passthrough(), position: z.enum(['announcement', 'header', 'footer', 'sidebar', 'content']) }),
  }),
  eventOf('api_client_open', { operation }),
  eventOf('api_client_request', { operation }),
  eventOf('trademark_click', { placement: z.enum(['sidebar', 'ad', 'footer', 'pdf']) }),
  eventOf('ad_click', { ad }),
  eventOf('ad_display', { ad }),
]);

export type SiteInsightsEvent = z.infer<typeof siteInsightsEvent>;

// Checked first, so an oversized batch is refused before its events are validated one by one.
export const trackEventsEnvelope = z.object({ events: z.array(z.unknown()).max(MAX_EVENTS_PER_BATCH) });

export const trackEventsBody = z.object({ events: z.array(siteInsightsEvent) });
