import { lengthIn, text, z } from '@quire/input';

// The reference SiteInsightsEvent schemas (oneOf by `type`), what trackEventsInSiteById accepts
// (http/events/events.schema.ts) and ingest turns into rows. Unknown fields are dropped, like the
// reference (no additionalProperties: false). The reference sets no lengths; the ones here are
// Quire's (in code points), so no field can carry an absurd value into a stored row: every string
// is bounded, and free-form JSON (claims, link targets) too.

// Reference URL: format uri, at most 2048 characters.
const url = z
  .string()
  .url()
  .superRefine(lengthIn({ max: 2048 }));
const id = text({ max: 256 });
const nullableId = id.nullable();

/** Free-form JSON whose serialized form stays within `max` characters. */
function jsonAtMost(max: number) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (JSON.stringify(value).length > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters as JSON` });
  };
}

// Reference PlainObject: nested objects of strings, booleans, numbers and arrays of them.
export type Plain = { [key: string]: string | boolean | number | Plain | Array<string | boolean | number | Plain> };
const plainText = text({ max: 2048 });
const plainNumber = z.number().finite();
const plainObject: z.ZodType<Plain> = z.lazy(() =>
  z.record(
    text({ max: 256 }),
    z.union([plainObject, plainText, z.boolean(), plainNumber, z.array(z.union([plainText, z.boolean(), plainNumber, plainObject])).max(100)]),
  ),
);

const session = z.object({
  visitorId: id,
  sessionId: id,
  cookies: z.record(text({ max: 256 }), text({ max: 4096 })).refine((cookies) => Object.keys(cookies).length <= 100, 'must have at most 100 cookies'),
  ip: text({ max: 64 }).optional(),
  userAgent: text({ max: 1024 }),
  language: text({ max: 64 }).nullable(),
  referrer: z.union([z.literal(''), url]).nullable(),
  visitorAuthToken: text({ max: 8192 }).nullable().optional(),
  visitorAuthClaims: plainObject.superRefine(jsonAtMost(16_384)).optional(),
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
const operation = z.object({ path: text({ max: 2048 }), method: text({ max: 32 }) });
// Reference SiteInsightsAdPlacement: only 'aside' (what the aggregate's eventAdPlacement answers).
const ad = z.object({ domain: text({ max: 255 }), zoneId: id, placement: z.enum(['aside']) });
const query = text({ max: 2048 });

function eventOf<T extends string, S extends z.ZodRawShape>(type: T, fields: S) {
  return z.object({ ...base, type: z.literal(type), ...fields });
}

export const siteInsightsEvent = z.discriminatedUnion('type', [
  eventOf('page_view', {}),
  eventOf('search_open', {}),
  eventOf('search_type_query', { query }),
  eventOf('search_open_result', { query, result: z.object({ spaceId: id, pageId: id }) }),
  eventOf('page_post_feedback', { feedback: z.object({ rating }) }),
  eventOf('page_post_feedback_comment', { feedback: z.object({ rating, comment: text({ min: 1, max: 512 }) }) }),
  eventOf('ask_question', { query }),
  eventOf('ask_view', {}),
  eventOf('ask_rate_response', { query, rating: z.union([z.literal(1), z.literal(-1)]), responseId: id }),
  // ContentRef is a oneOf of nine shapes: kept as given, only its `kind` is checked.
  eventOf('link_click', {
    link: z.object({
      target: z
        .object({ kind: text({ max: 64 }) })
        .passthrough()
        .superRefine(jsonAtMost(4096)),
      position: z.enum(['announcement', 'header', 'footer', 'sidebar', 'content']),
    }),
  }),
  eventOf('api_client_open', { operation }),
  eventOf('api_client_request', { operation }),
  eventOf('trademark_click', { placement: z.enum(['sidebar', 'ad', 'footer', 'pdf']) }),
  eventOf('ad_click', { ad }),
  eventOf('ad_display', { ad }),
  // Served by the reader to machines, so they are counted too: GitBook's later references count these
  // requests; 0.143.2 has no schema for them yet, so they carry only the common fields.
  eventOf('page_markdown_request', {}),
  eventOf('llms_request', {}),
  eventOf('mcp_request', {}),
]);

export type SiteInsightsEvent = z.infer<typeof siteInsightsEvent>;
