import type { SiteInsightsEvent } from './site-insights-event';

// The hot path of trackEventsInSiteById and the reader's RecordSiteEvents: a hand-compiled check of the SiteInsightsEvent schema
// (site-insights-event.ts) that walks a parsed body once and allocates nothing. It is
// stricter than the zod schema, never looser: it accepts only events that schema accepts and
// leaves unchanged (no unknown field to strip, every string plain), and answers "not sure" for
// everything else, which the zod schema then decides and describes (http/events/events.schema.ts, grpc/insights.grpc.ts). So the
// error messages are zod's, and zod runs only for bodies that are refused or unusual.

type Check = (value: unknown) => boolean;

// NUL (refused by parseInput) and any surrogate (a lone one is unstorable; a pair is fine but
// rare, so zod decides): one test per string.
const NEEDS_A_CLOSER_LOOK = /[\u0000\ud800-\udfff]/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** text({ min, max }): UTF-16 length bounds code points from above, so `length <= max` is exact for plain strings. */
function text(max: number, min = 0): Check {
  return (value) => typeof value === 'string' && value.length <= max && value.length >= min && !NEEDS_A_CLOSER_LOOK.test(value);
}

function nullable(check: Check): Check {
  return (value) => value === null || check(value);
}

function optional(check: Check): Check {
  return (value) => value === undefined || check(value);
}

function oneOf(...allowed: unknown[]): Check {
  return (value) => allowed.includes(value);
}

const urlText = text(2048);
/** z.string().url() with lengthIn({ max: 2048 }): zod's test is `new URL()`. */
const url: Check = (value) => {
  if (!urlText(value)) return false;
  try {
    new URL(value as string);
    return true;
  } catch {
    return false;
  }
};

// zod 3's datetime({ offset: true }) pattern (types.cjs datetimeRegex, no precision).
const DATE =
  '((\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|(02)-(0[1-9]|1\\d|2[0-8])))';
const DATETIME = new RegExp(`^${DATE}T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|([+-]\\d{2}:?\\d{2}))$`);
const datetime: Check = (value) => typeof value === 'string' && DATETIME.test(value);

/** z.object(shape) whose input has no other keys (an unknown key would be stripped: zod's job). */
function object(shape: Record<string, Check>): Check {
  const keys = Object.keys(shape);
  return (value) => {
    if (!isObject(value)) return false;
    for (const key in value) if (!Object.prototype.hasOwnProperty.call(shape, key)) return false;
    for (const key of keys) if (!(shape[key] as Check)(value[key])) return false;
    return true;
  };
}

const id = text(256);
const nullableId = nullable(id);

const cookieValue = text(4096);
const cookies: Check = (value) => {
  if (!isObject(value)) return false;
  let count = 0;
  for (const key in value) {
    if (++count > 100 || key === '__proto__' || !id(key) || !cookieValue(value[key])) return false;
  }
  return true;
};

const session = object({
  visitorId: id,
  sessionId: id,
  cookies,
  ip: optional(text(64)),
  userAgent: text(1024),
  language: nullable(text(64)),
  referrer: nullable((value) => value === '' || url(value)),
  visitorAuthToken: optional(nullable(text(8192))),
  // Visitor claims are free-form JSON with their own limits: events carrying them go to zod.
});

const location = object({
  url,
  displayContext: optional(oneOf('site', 'embed')),
  siteSection: nullableId,
  siteSpace: nullableId,
  siteShareKey: nullableId,
  space: nullableId,
  revision: nullableId,
  page: nullableId,
});

const base = { session, location, timestamp: optional(datetime) };
const rating = oneOf('bad', 'ok', 'good');
const query = text(2048);
const operation = object({ path: text(2048), method: text(32) });
const ad = object({ domain: text(255), zoneId: id, placement: oneOf('aside') });

function eventOf(type: string, fields: Record<string, Check> = {}): Check {
  return object({ ...base, type: oneOf(type), ...fields });
}

// Every type but link_click, whose free-form target goes to zod.
const EVENT_CHECKS: Record<string, Check> = {
  page_view: eventOf('page_view'),
  search_open: eventOf('search_open'),
  search_type_query: eventOf('search_type_query', { query }),
  search_open_result: eventOf('search_open_result', { query, result: object({ spaceId: id, pageId: id }) }),
  page_post_feedback: eventOf('page_post_feedback', { feedback: object({ rating }) }),
  page_post_feedback_comment: eventOf('page_post_feedback_comment', { feedback: object({ rating, comment: text(512, 1) }) }),
  ask_question: eventOf('ask_question', { query }),
  ask_view: eventOf('ask_view'),
  ask_rate_response: eventOf('ask_rate_response', { query, rating: oneOf(1, -1), responseId: id }),
  api_client_open: eventOf('api_client_open', { operation }),
  api_client_request: eventOf('api_client_request', { operation }),
  trademark_click: eventOf('trademark_click', { placement: oneOf('sidebar', 'ad', 'footer', 'pdf') }),
  ad_click: eventOf('ad_click', { ad }),
  ad_display: eventOf('ad_display', { ad }),
  page_markdown_request: eventOf('page_markdown_request'),
  llms_request: eventOf('llms_request'),
  mcp_request: eventOf('mcp_request'),
};

function isPlainEvent(value: unknown): boolean {
  if (!isObject(value) || typeof value.type !== 'string' || !Object.prototype.hasOwnProperty.call(EVENT_CHECKS, value.type)) return false;
  return (EVENT_CHECKS[value.type] as Check)(value);
}

/**
 * The body's events when the whole body is `{ events: [...] }` of at most `maxEvents` events the
 * zod schema takes as they are; null when zod must decide (and describe what is wrong).
 */
export function plainEvents(body: unknown, maxEvents: number): SiteInsightsEvent[] | null {
  if (!isObject(body)) return null;
  for (const key in body) if (key !== 'events') return null;
  return plainEventList(body.events, maxEvents);
}

/** The list itself when it is an array of at most `maxEvents` events the zod schema takes as they are; null when zod must decide. */
export function plainEventList(events: unknown, maxEvents: number): SiteInsightsEvent[] | null {
  if (!Array.isArray(events) || events.length > maxEvents) return null;
  for (let i = 0; i < events.length; i++) if (!isPlainEvent(events[i])) return null;
  return events as SiteInsightsEvent[];
}
