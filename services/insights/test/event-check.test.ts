import { plainEvents } from '../src/modules/insights/domain/event-check';
import { MAX_EVENTS_PER_BATCH, parseTrackEvents, trackEventsBody } from '../src/modules/insights/http/events/events.schema';

// The compiled check may only ever take what the zod schema takes unchanged: whatever it accepts,
// zod accepts with the same data; whatever else it meets, zod decides.

const session = { visitorId: 'v1', sessionId: 's1', cookies: { a: 'b' }, userAgent: 'UA', language: 'en', referrer: 'https://x.example/' };
const location = {
  url: 'https://docs.example.com/p?utm_source=x',
  siteSection: null,
  siteSpace: 'ss',
  siteShareKey: null,
  space: null,
  revision: null,
  page: 'p1',
};
const base = { session, location, timestamp: '2026-11-25T10:00:00.123+01:00' };

const VALID: Record<string, unknown>[] = [
  { ...base, type: 'page_view' },
  {
    type: 'page_view',
    session: { ...session, ip: '1.2.3.4', referrer: '', language: null, visitorAuthToken: null },
    location: { ...location, displayContext: 'embed' },
  },
  { ...base, type: 'search_open' },
  { ...base, type: 'search_type_query', query: 'q' },
  { ...base, type: 'search_open_result', query: 'q', result: { spaceId: 's', pageId: 'p' } },
  { ...base, type: 'page_post_feedback', feedback: { rating: 'good' } },
  { ...base, type: 'page_post_feedback_comment', feedback: { rating: 'bad', comment: 'c' } },
  { ...base, type: 'ask_question', query: 'q' },
  { ...base, type: 'ask_view' },
  { ...base, type: 'ask_rate_response', query: 'q', rating: -1, responseId: 'r' },
  { ...base, type: 'api_client_open', operation: { path: '/x', method: 'GET' } },
  { ...base, type: 'api_client_request', operation: { path: '/x', method: 'POST' } },
  { ...base, type: 'trademark_click', placement: 'pdf' },
  { ...base, type: 'ad_click', ad: { domain: 'a.example', zoneId: 'z', placement: 'aside' } },
  { ...base, type: 'ad_display', ad: { domain: 'a.example', zoneId: 'z', placement: 'aside' } },
  { ...base, type: 'page_markdown_request' },
  { ...base, type: 'llms_request' },
  { ...base, type: 'mcp_request' },
  // As the reader's RecordSiteEvents carries them (grpc/insights.grpc.ts): no cookies, no share key.
  {
    ...base,
    type: 'page_view',
    session: { ...session, cookies: {}, ip: '8.8.8.8', language: null, referrer: null },
    location: { ...location, siteShareKey: null },
  },
];

// Values that break (or may break) a field: each is tried at every path of every valid event.
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'not a url',
  'x'.repeat(257),
  'x'.repeat(2049),
  'nul\u0000',
  'lone \ud800',
  'pair 😀',
  '2026-02-30T10:00:00Z',
  '2026-11-25T10:00:00',
  0,
  1,
  -1,
  Infinity,
  true,
  [],
  {},
  { extra: 1 },
  'site',
  'aside',
  'good',
];

function paths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = { ...(value as Record<string, unknown>) };
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0 && replacement === undefined) delete copy[head];
  else copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

function expectNoLooserThanZod(body: unknown): void {
  const fast = plainEvents(body, MAX_EVENTS_PER_BATCH);
  if (fast === null) return;
  const parsed = trackEventsBody.safeParse(body);
  expect(parsed.success).toBe(true);
  expect(parsed.data?.events).toEqual(fast);
}

describe('the compiled event check', () => {
  it('takes every valid event type without zod, as zod would', () => {
    for (const event of VALID) {
      expect(plainEvents({ events: [event] }, MAX_EVENTS_PER_BATCH)).toEqual([event]);
      expectNoLooserThanZod({ events: [event] });
    }
  });

  it('never accepts what zod refuses or would change, whatever field is odd', () => {
    for (const event of VALID) {
      for (const path of paths(event)) {
        for (const odd of ODD_VALUES) expectNoLooserThanZod({ events: [VALID[0], withValueAt(event, path, odd)] });
        expectNoLooserThanZod({ events: [withValueAt(event, [...path, 'unknown'], 'x')] });
      }
    }
  });

  it('leaves batches it does not take to zod: errors name the field as before', () => {
    expect(plainEvents({ events: [VALID[0]], more: 1 }, MAX_EVENTS_PER_BATCH)).toBeNull();
    expect(plainEvents({ events: new Array(MAX_EVENTS_PER_BATCH + 1).fill(VALID[0]) }, MAX_EVENTS_PER_BATCH)).toBeNull();
    expect(
      plainEvents(
        { events: [{ ...base, type: 'link_click', link: { target: { kind: 'url', url: 'https://a.example' }, position: 'footer' } }] },
        MAX_EVENTS_PER_BATCH,
      ),
    ).toBeNull();
    expect(() => parseTrackEvents({ events: [VALID[0], withValueAt(VALID[0], ['location', 'url'], 'not a url')] })).toThrow(/"events\.1\.location\.url"/);
    expect(() => parseTrackEvents({ events: [withValueAt(VALID[0], ['session', 'visitorId'], 'a\u0000')] })).toThrow(
      /"events\.0\.session\.visitorId": must not contain the NUL/,
    );
    // zod strips what the check would not take as is.
    expect(parseTrackEvents({ events: [{ ...VALID[0], extra: 1 }] })).toEqual([VALID[0]]);
  });
});
