import type { insights } from '@quire/proto';
import type { Visit, VisitRequest } from './visit';
import type { VisitorIds } from './visitor-ids';

/** A served answer as insights counts it (insights' RecordSiteEvents; the reference SiteInsightsEvent). */
export type VisitEvent = insights.SiteVisitEvent;

const LIMITS = { url: 2048, userAgent: 1024, language: 64, ip: 64 };

/**
 * The event of one served answer. The IP goes to insights only, which turns it into a country and
 * its own daily visitor hash and stores neither it nor the cookies (docs/insights.md, Ingest). The
 * share key is never sent: the event names the site space, not a visitor's credential. Strings are
 * cut to what ingest accepts, so a long header never costs the event.
 */
export function visitEventOf(visit: Visit, request: VisitRequest, ids: VisitorIds, at: Date): VisitEvent {
  const referrer = /^https?:\/\//.test(request.referrer) && request.referrer.length <= LIMITS.url ? request.referrer : undefined;
  return {
    type: visit.kind,
    timestamp: at.toISOString(),
    session: {
      visitorId: ids.visitorId,
      sessionId: ids.sessionId,
      ip: request.ip.slice(0, LIMITS.ip),
      userAgent: request.userAgent.slice(0, LIMITS.userAgent),
      language: request.language ? request.language.slice(0, LIMITS.language) : undefined,
      referrer,
    },
    location: {
      url: withoutSecrets(request.url).slice(0, LIMITS.url),
      siteSection: visit.siteSection || undefined,
      siteSpace: visit.siteSpace || undefined,
      space: visit.space || undefined,
      revision: visit.revision || undefined,
      page: visit.page || undefined,
    },
    query: visit.kind === 'search_type_query' ? (visit.query ?? '').slice(0, 2048) : undefined,
    feedbackRating: visit.kind === 'page_post_feedback' || visit.kind === 'page_post_feedback_comment' ? visit.rating : undefined,
    feedbackComment: visit.kind === 'page_post_feedback_comment' ? visit.comment : undefined,
  };
}

/** The address as counted: without a share key or visitor token that might still be on it. */
function withoutSecrets(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('share_key');
  parsed.searchParams.delete('jwt_token');
  return parsed.href;
}
