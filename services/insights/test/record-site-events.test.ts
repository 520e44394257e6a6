import type { BusMessage, MessageBus } from '@quire/platform/bus';
import type { ServiceConfig } from '@quire/platform/config';
import { recordSiteEvents } from '../src/modules/insights/application/record-site-events';
import { decodeEventRows } from '../src/modules/insights/domain/event-message';
import { siteEventsOf } from '../src/modules/insights/grpc/insights.grpc';

// gRPC Insights.RecordSiteEvents (the reader's served answers): the same
// validation, enrichment and topic as trackEventsInSiteById.

const published: Array<{ topic: string; messages: BusMessage[] }> = [];
const bus = { publish: async (topic: string, messages: BusMessage[]) => void published.push({ topic, messages }) } as unknown as MessageBus;
const deps = { bus, clock: () => new Date(), config: { internalSecret: 'secret' } as ServiceConfig };
const event = (type: string) => ({
  type,
  session: { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16), cookies: {}, ip: '8.8.8.8', userAgent: 'Googlebot/2.1', language: null, referrer: null },
  location: { url: 'http://localhost/sites/o/docs/a', siteSection: null, siteSpace: 'ss1', siteShareKey: null, space: 'sp1', revision: 'r1', page: 'p1' },
});

describe('recordSiteEvents', () => {
  it('publishes enriched rows of the site to insights.events, without the IP', async () => {
    published.length = 0;
    const accepted = await recordSiteEvents(deps, {
      organizationId: 'org1',
      siteId: 'site1',
      events: siteEventsOf(JSON.stringify([event('page_view'), event('page_markdown_request'), event('llms_request'), event('mcp_request')])),
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

  it('refuses what is not a JSON array of reference events with 400, publishing nothing', async () => {
    published.length = 0;
    expect(() => siteEventsOf('{')).toThrow(expect.objectContaining({ code: 400 }));
    expect(() => siteEventsOf(JSON.stringify([event('page_vue')]))).toThrow(expect.objectContaining({ code: 400 }));
    expect(() => siteEventsOf(JSON.stringify({ events: [] }))).toThrow(expect.objectContaining({ code: 400 }));
    expect(published).toHaveLength(0);
  });
});
