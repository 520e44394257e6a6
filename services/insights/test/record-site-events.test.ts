import type { BusMessage, MessageBus } from '@quire/platform/bus';
import type { ServiceConfig } from '@quire/platform/config';
import { recordSiteEvents } from '../src/modules/insights/application/record-site-events';
import { decodeEventRows } from '../src/modules/insights/domain/event-message';
import { siteEventsOf } from '../src/modules/insights/grpc/insights.grpc';
import { trackEventsBody } from '../src/modules/insights/http/events/events.schema';
import type { insights } from '@quire/proto';
import { validateSchema } from '../../../test/support/reference';

// gRPC Insights.RecordSiteEvents (the reader's served answers): the same
// validation, enrichment and topic as trackEventsInSiteById.

const published: Array<{ topic: string; messages: BusMessage[] }> = [];
const bus = { publish: async (topic: string, messages: BusMessage[]) => void published.push({ topic, messages }) } as unknown as MessageBus;
const deps = { bus, clock: () => new Date(), config: { internalSecret: 'secret' } as ServiceConfig };
// A served answer as the reader sends it (reader's visit-event.ts).
const event = (type: string, fields: Partial<insights.SiteVisitEvent> = {}): insights.SiteVisitEvent => ({
  type,
  timestamp: '2026-11-27T10:00:00.000Z',
  session: { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16), ip: '8.8.8.8', userAgent: 'Googlebot/2.1', language: undefined, referrer: undefined },
  location: { url: 'http://localhost/sites/o/docs/a', siteSection: undefined, siteSpace: 'ss1', space: 'sp1', revision: 'r1', page: 'p1' },
  query: undefined,
  ...fields,
});

describe('recordSiteEvents', () => {
  it('publishes enriched rows of the site to insights.events, without the IP', async () => {
    published.length = 0;
    const accepted = await recordSiteEvents(deps, {
      organizationId: 'org1',
      siteId: 'site1',
      events: siteEventsOf([event('page_view'), event('page_markdown_request'), event('llms_request'), event('mcp_request')]),
    });
    expect(accepted).toBe(4);
    expect(published).toHaveLength(1);
    expect(published[0]?.topic).toBe('insights.events');
    expect(published[0]?.messages[0]?.key).toBe('site1');
    const { rows } = decodeEventRows(published[0]?.messages[0]?.value as string);
    expect(rows.map((r) => [r.type, r.site_id, r.organization_id, r.page, r.site_space, r.is_bot])).toEqual([
      ['page_view', 'site1', 'org1', 'p1', 'ss1', 1],
      ['page_markdown_request', 'site1', 'org1', 'p1', 'ss1', 1],
      ['llms_request', 'site1', 'org1', 'p1', 'ss1', 1],
      ['mcp_request', 'site1', 'org1', 'p1', 'ss1', 1],
    ]);
    expect(published[0]?.messages[0]?.value).not.toContain('8.8.8.8');
  });

  it('makes each a reference SiteInsightsEvent: absent values are nulls, no cookies, no share key', () => {
    const full = event('search_type_query', {
      session: {
        visitorId: 'v'.repeat(16),
        sessionId: 's'.repeat(16),
        ip: '8.8.8.8',
        userAgent: 'Mozilla/5.0',
        language: 'fr-FR',
        referrer: 'https://www.google.com/',
      },
      query: 'install',
    });
    const [search, view] = siteEventsOf([full, event('page_view')]);
    expect(search).toMatchObject({
      query: 'install',
      session: { cookies: {}, language: 'fr-FR', referrer: 'https://www.google.com/' },
      location: { siteShareKey: null },
    });
    expect(view?.session).toMatchObject({ cookies: {}, language: null, referrer: null });
    expect(view?.location).toMatchObject({ siteSection: null, siteShareKey: null });
    expect(view).not.toHaveProperty('query');
    for (const e of [search, view]) expect(validateSchema('SiteInsightsEvent', e, { reference: '0.202.0' })).toEqual([]);
  });

  it('gives the events zod would give, whichever check takes them (the compiled one for the usual events)', () => {
    const served = [
      event('page_view'),
      event('search_type_query', { query: 'install' }),
      event('mcp_request'),
      event('page_post_feedback', { feedbackRating: 'ok' }),
    ];
    const events = siteEventsOf(served);
    expect(trackEventsBody.parse({ events }).events).toEqual(events);
    // An event carrying a field zod strips or refuses still goes through zod.
    expect(() => siteEventsOf([event('page_view', { timestamp: '2026-02-30T10:00:00Z' })])).toThrow(expect.objectContaining({ code: 400 }));
  });

  it('refuses what is not a reference event, and more than 1000 events, with 400, publishing nothing', async () => {
    published.length = 0;
    expect(() => siteEventsOf([event('page_vue')])).toThrow(expect.objectContaining({ code: 400 }));
    expect(() => siteEventsOf([event('page_view', { location: { url: 'not a url', space: 'sp1' } })])).toThrow(expect.objectContaining({ code: 400 }));
    expect(() => siteEventsOf(Array.from({ length: 1001 }, () => event('page_view')))).toThrow(expect.objectContaining({ code: 400 }));
    expect(published).toHaveLength(0);
  });
});
