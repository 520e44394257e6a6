import { VisitSender } from '../src/modules/visits/application/visit-sender';
import { recordVisit } from '../src/modules/visits/application/record-visit';
import type { Visit, VisitRequest } from '../src/modules/visits/domain/visit';
import { visitEventOf, type VisitEvent } from '../src/modules/visits/domain/visit-event';
import { hashedVisitorId, readerDailySalt, readVisitorCookies, visitorCookies, visitorIdsOf } from '../src/modules/visits/domain/visitor-ids';

const SECRET = 'test-secret';
const DAY = new Date('2026-11-27T10:00:00Z');
const visit: Visit = {
  kind: 'page_view',
  organization: 'org1',
  site: 'site1',
  siteSection: '',
  siteSpace: 'ss1',
  space: 'sp1',
  revision: 'rev1',
  page: 'page1',
  shareKey: 'secret-share-key',
  cookiePath: '/sites/org1/docs',
};
const request: VisitRequest = {
  url: 'http://localhost:8080/sites/org1/docs/guides?share_key=secret-share-key&x=1',
  cookie: undefined,
  userAgent: 'Mozilla/5.0 Chrome/124',
  ip: '8.8.8.8',
  referrer: 'https://www.google.com/',
  language: 'fr-FR',
  secure: false,
};
const counter = () => {
  const c = { n: 0, inc: (k = 1) => void (c.n += k) };
  return c;
};
const silent = { warn: () => undefined } as never;

describe('visitor ids', () => {
  const salt = readerDailySalt(SECRET, DAY);

  it('hashes IP and user agent with a salt that rotates daily and differs per site', () => {
    const a = hashedVisitorId(salt, 'site1', '8.8.8.8', 'UA');
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(hashedVisitorId(salt, 'site1', '8.8.8.8', 'UA')).toBe(a);
    expect(hashedVisitorId(readerDailySalt(SECRET, new Date('2026-11-28T10:00:00Z')), 'site1', '8.8.8.8', 'UA')).not.toBe(a);
    expect(hashedVisitorId(salt, 'site2', '8.8.8.8', 'UA')).not.toBe(a);
    expect(hashedVisitorId(salt, 'site1', '8.8.4.4', 'UA')).not.toBe(a);
    expect(readerDailySalt(SECRET, new Date('2026-11-27T23:59:59Z'))).toBe(salt);
    expect(a).not.toContain('8.8.8.8');
  });

  it('keeps the ids it gave before (a cookieless visitor stays the same visitor)', () => {
    const pinned = readerDailySalt('secret-secret-secret', new Date('2026-11-28T13:45:00Z'));
    expect(pinned).toBe('d71ef4888ab0145472bdef8c5671edd1e789b3fd02a6c43ec0603160c55241ab');
    expect(hashedVisitorId(pinned, 'site1', '203.0.113.7', 'Mozilla/5.0 (X11)')).toBe('b9dacb785f389b315baa51c99c4b05a8');
  });

  it('uses the day’s hash without cookies (agents), and the cookies’ ids when sent', () => {
    const cookieless = visitorIdsOf({ cookie: undefined, siteId: 'site1', ip: '8.8.8.8', userAgent: 'UA', salt });
    expect(cookieless.visitorId).toBe(hashedVisitorId(salt, 'site1', '8.8.8.8', 'UA'));
    expect(visitorIdsOf({ cookie: undefined, siteId: 'site1', ip: '8.8.8.8', userAgent: 'UA', salt })).toEqual(cookieless);
    const withCookies = visitorIdsOf({
      cookie: 'a=b; quire_visitor=visitor_aaaaaaaaaaaa; quire_session=session_bbbbbbbbbbbb',
      siteId: 'site1',
      ip: '1.1.1.1',
      userAgent: 'X',
      salt,
    });
    expect(withCookies).toEqual({ visitorId: 'visitor_aaaaaaaaaaaa', sessionId: 'session_bbbbbbbbbbbb' });
    // A returning visitor whose session expired starts a new one.
    const returning = visitorIdsOf({ cookie: 'quire_visitor=visitor_aaaaaaaaaaaa', siteId: 'site1', ip: '1.1.1.1', userAgent: 'X', salt });
    expect(returning.visitorId).toBe('visitor_aaaaaaaaaaaa');
    expect(returning.sessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('ignores cookie values that are not ids', () => {
    expect(readVisitorCookies('quire_visitor=short; quire_session=bad;value=x')).toEqual({});
    expect(readVisitorCookies('quire_visitor=<script>alert(1)</script>aaaaaaaaaa')).toEqual({});
  });

  it('sets HttpOnly, SameSite=Lax cookies on the site path: a year for the visitor, 30 minutes for the session', () => {
    expect(visitorCookies({ visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) }, '/sites/org1/docs', true)).toEqual([
      `quire_visitor=${'v'.repeat(16)}; Max-Age=31536000; Path=/sites/org1/docs; HttpOnly; SameSite=Lax; Secure`,
      `quire_session=${'s'.repeat(16)}; Max-Age=1800; Path=/sites/org1/docs; HttpOnly; SameSite=Lax; Secure`,
    ]);
    expect(visitorCookies({ visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) }, '/', false)[0]).toMatch(/Path=\/; HttpOnly; SameSite=Lax$/);
  });
});

describe('the event of a served page', () => {
  it('is a page_view with the page, site space and revision, without the share key (the reference event it becomes: insights’ record-site-events test, test/e2e/reader-insights)', () => {
    const event = visitEventOf(visit, request, { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) }, DAY);
    expect(event).toEqual({
      type: 'page_view',
      timestamp: DAY.toISOString(),
      session: {
        visitorId: 'v'.repeat(16),
        sessionId: 's'.repeat(16),
        ip: '8.8.8.8',
        userAgent: 'Mozilla/5.0 Chrome/124',
        language: 'fr-FR',
        referrer: 'https://www.google.com/',
      },
      location: {
        url: 'http://localhost:8080/sites/org1/docs/guides?x=1',
        siteSection: undefined,
        siteSpace: 'ss1',
        space: 'sp1',
        revision: 'rev1',
        page: 'page1',
      },
      query: undefined,
    });
    expect(JSON.stringify(event)).not.toContain('secret-share-key');
    const markdown = visitEventOf(
      { ...visit, kind: 'page_markdown_request' },
      { ...request, referrer: 'not a url', userAgent: 'x'.repeat(5000) },
      { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) },
      DAY,
    );
    expect(markdown.session?.referrer).toBeUndefined();
    expect(markdown.session?.userAgent).toHaveLength(1024);
    const search = visitEventOf(
      { ...visit, kind: 'search_type_query', query: 'install' },
      request,
      { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) },
      DAY,
    );
    expect(search.query).toBe('install');
    expect(search.feedbackRating).toBeUndefined();
    const feedback = visitEventOf(
      { ...visit, kind: 'page_post_feedback', rating: 'good' },
      request,
      { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) },
      DAY,
    );
    expect(feedback).toMatchObject({ type: 'page_post_feedback', feedbackRating: 'good', location: { page: visit.page } });
    expect(feedback.feedbackComment).toBeUndefined();
    const comment = visitEventOf(
      { ...visit, kind: 'page_post_feedback_comment', rating: 'ok', comment: 'Missing a step.' },
      request,
      { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) },
      DAY,
    );
    expect(comment).toMatchObject({ type: 'page_post_feedback_comment', feedbackRating: 'ok', feedbackComment: 'Missing a step.' });
  });
});

describe('sending', () => {
  it('queues the event and answers the cookies without waiting for insights', async () => {
    const calls: { organizationId: string; siteId: string; events: VisitEvent[] }[] = [];
    const dropped = counter();
    const sent = counter();
    const sender = new VisitSender({
      insights: () =>
        ({
          recordSiteEvents: async (r: { organizationId: string; siteId: string; events: VisitEvent[] }) => {
            calls.push(r);
            return { accepted: 1 };
          },
        }) as never,
      logger: silent,
      counters: { dropped, sent },
      maxQueued: 10,
      lingerMs: 0,
    });
    const cookies = recordVisit({ sender, secret: SECRET, clock: () => DAY }, visit, request);
    expect(cookies).toHaveLength(2);
    expect(calls).toHaveLength(0);
    recordVisit({ sender, secret: SECRET, clock: () => DAY }, { ...visit, site: 'site2' }, request);
    await sender.flush();
    expect(calls.map((c) => [c.siteId, c.events.length])).toEqual([
      ['site1', 1],
      ['site2', 1],
    ]);
    expect(sent.n).toBe(2);
    expect(dropped.n).toBe(0);
  });

  it('drops and counts events past the queue bound and when insights fails, never throwing', async () => {
    const dropped = counter();
    const sender = new VisitSender({
      insights: () => ({ recordSiteEvents: () => Promise.reject(new Error('UNAVAILABLE')) }) as never,
      logger: silent,
      counters: { dropped, sent: counter() },
      maxQueued: 3,
      lingerMs: 0,
    });
    const event = visitEventOf(visit, request, { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) }, DAY);
    for (let i = 0; i < 5; i++) sender.enqueue('org1', 'site1', event);
    expect(dropped.n).toBe(2);
    await sender.flush();
    expect(dropped.n).toBe(5);
  });

  it('sends the visits of a linger in one call, and a flush ends the linger at once', async () => {
    const calls: number[] = [];
    const sender = new VisitSender({
      insights: () =>
        ({
          recordSiteEvents: async (r: { events: VisitEvent[] }) => {
            calls.push(r.events.length);
            return { accepted: r.events.length };
          },
        }) as never,
      logger: silent,
      counters: { dropped: counter(), sent: counter() },
      maxQueued: 1000,
      lingerMs: 60_000,
    });
    const event = visitEventOf(visit, request, { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16) }, DAY);
    sender.enqueue('org1', 'site1', event);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 99; i++) sender.enqueue('org1', 'site1', event);
    expect(calls).toEqual([]);
    const started = Date.now();
    await sender.flush();
    expect(calls).toEqual([100]);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
